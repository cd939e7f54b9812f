"""Stefan Feld's Trajan (2011), the second game the tool referees.

Pure like the rest of ``core``: models, quarter-end and final scoring, ship deliveries
and the action circle. Modules are imported one by one (this package imports nothing),
so that ``core.game`` can use the vocabulary without pulling in the walkthrough.
"""
