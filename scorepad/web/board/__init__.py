"""`scorepad serve --board`: the board as a web page of its own, for every screen at the table.

One aiohttp process serves it all: `server` (the routes, behind the guard), `feed` (one follower of the game
file for every page, and the fan-out of each change), `state` (the board's state as JSON, from the rules'
views), `theme` (the app's theme colours), `terminal` (what the terminal that serves it shows), `page` (the page's
words, put into it in the server's language as it is served), and `static/` (the page: HTML, CSS and a little
JavaScript, nothing from any other host).
"""
