"""The shell around the games: the start screen, the command line, the window, the frame guard."""
