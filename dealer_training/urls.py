"""URL conf. Organisation pages live under /o/<org_slug>/: an app mounts its own with
path("o/<slug:org_slug>/drills/", include("dealer_training.drills.urls")).

Every view declares its access rule (dealer_training.accounts.access); a test walks this conf
and fails on a view without one.
"""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from dealer_training.accounts.access import public_view
from dealer_training.health import health

urlpatterns = [
    path("health/", health, name="health"),
    path("i18n/setlang/", public_view(set_language), name="set_language"),
    path("admin/", admin.site.urls),
    # The apps mounted under a prefix of their own come before those mounted at the root: a
    # request is matched against the root-mounted apps' patterns only when no prefix is its own
    # (the drill pages, the busiest, are not tried against every page of accounts first).
    path("o/<slug:org_slug>/drills/", include("dealer_training.drills.urls")),
    path("o/<slug:org_slug>/rules/", include("dealer_training.drills.rules_urls")),
    path("o/<slug:org_slug>/scenarios/", include("dealer_training.scenarios.urls")),
    path("o/<slug:org_slug>/items/", include("dealer_training.progress.item_urls")),
    path("", include("dealer_training.accounts.urls")),
    # Progress mounts its own /o/<org_slug>/progress/ pages and the public /certificates/<code>/.
    path("", include("dealer_training.progress.urls")),
]
