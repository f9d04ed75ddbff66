"""WSGI entry point (gunicorn dealer_training.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_training.settings.prod")

application = get_wsgi_application()
