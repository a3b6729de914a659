"""``python -m bridgetable``: the ``bridgetable`` command."""

from bridgetable.cli import main

raise SystemExit(main())
