"""Tables served over a network: the engine's match on a server, seats as clients.

Headless (no Ursina): the protocol (``protocol``), a table's rules of
manners (``table``), the asyncio WebSocket server (``server``), the client
(``client``) and the state a client rebuilds from its view (``stand_in``).
See docs/network.md for the messages.
"""
