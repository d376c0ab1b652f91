"""The web explorer: ``zermelo serve`` runs :func:`zermelo.web.app.create_app` under uvicorn."""
