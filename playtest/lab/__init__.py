"""The balance lab: bots play thousands of games on any game's engine and the results are
measured (balance, seat advantage, duration, lead changes, each component's weight).

Nothing here imports a game by name: bots, the runner and the metrics work on the engine
protocol (`playtest.scorer.engine`), so every game an engine exists for can be simulated.

Files: bots.py (random, greedy, Monte-Carlo), play.py (one game, its trace and result),
seeds.py (a game's seed from the run seed and its index), overrides.py (`--set` values),
runner.py (local processes or a Dask cluster, in batches), metrics.py (the measures, defined
once over results), compare.py (variants side by side), report.py (HTML, JSON, CSV).
"""
