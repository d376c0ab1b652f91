"""One module per CLI command; each has ``add(subparsers)`` and sets ``run`` on its parser."""
