"""Serving the app and the boards to web browsers: the server, its limits, the notice the app reads."""
