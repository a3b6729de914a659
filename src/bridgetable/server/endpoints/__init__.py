"""The server's endpoints, one module per part of the API; :func:`bridgetable.server.app.
create_app` assembles their routes.

* :mod:`.meta` -- ``/api/health``, ``/api/openapi.json``, ``/api/commands``;
* :mod:`.tables` -- creating a table, its summary, its record, joining it;
* :mod:`.lobby` -- the lobby's list of the tables open to join or watch;
* :mod:`.director` -- the Directors' queue of calls;
* :mod:`.sockets` -- the WebSocket protocol (``docs/protocol.md``, messages in
  :mod:`bridgetable.server.wire`);
* :mod:`.http` -- what the HTTP endpoints share (JSON errors, bodies, bearer tokens).
"""
