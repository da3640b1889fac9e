"""The floor the app's start is measured against: a bare Textual app (Header, DataTable, Footer), as one script
for every benchmark (benchmarks/bench.py's (b), benchmarks/bench_home.py's home screen).

    python -c BARE_APP WIDTH HEIGHT COLUMN …     # prints the seconds from its start to its first frame

"First paint" is the first frame handed to the driver (App._display, in Textual 8.2.8) that shows the table, as
the benchmarks time their own app's.
"""

BARE_APP = """
import sys, time
start = time.perf_counter()
from textual.app import App
from textual.widgets import DataTable, Footer, Header

width, height, *columns = sys.argv[1:]
shown = App._display

def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is not None and screen.query(DataTable):
        print(time.perf_counter() - start, flush=True)
        self.exit()

App._display = display

class Bare(App):
    def compose(self):
        yield Header()
        yield DataTable()
        yield Footer()
    def on_mount(self):
        self.query_one(DataTable).add_columns(*columns)

Bare().run(headless=True, size=(int(width), int(height)))
"""


def bare_app_args(width: int, height: int, *columns: str) -> list[str]:
    """The script's arguments: its size, and the table's columns (like the screen it stands beside)."""
    return [str(width), str(height), *columns]
