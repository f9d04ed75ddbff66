"""The app's URL conf plus one trivial view, the reference the answer round trip is measured against."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from dealer_training.accounts.access import public_view
from dealer_training.urls import urlpatterns as app_patterns


@public_view
def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("bench/trivial/", trivial), *app_patterns]
