"""little battle: its view, controller and tips (registered in app.games)."""
