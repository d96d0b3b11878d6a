"""The ink saver's colours (`--ink-saver`): lighter fills (`ink_saver.py`) and text kept
readable over them (`contrast.py`). The bottom room of the kit wing: it imports nothing of the
kit, imposition or the backends."""
