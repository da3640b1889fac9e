"""The saved games as a library: each game file read once into a row of an SQLite index, and the home list,
`scorepad list`, `scorepad stats` and the statistics screen read from there.

The game files stay the only source of truth: a row whose file changed is read again, a row whose file is gone
is dropped, and an index that cannot be trusted is built again from the files.

    records   what one game gives (plain data, no rules)
    saved     one game file read through the rules into its record
    index     the SQLite database that keeps the records
    reading   a games folder brought in step with the index, game by game (the list)
    stats     the statistics, as SQL queries over the index
"""
