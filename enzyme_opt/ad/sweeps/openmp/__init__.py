"""The sweeps' OpenMP parts: regions forked again after AD (``forks``), and the run-time
intervals of shadow memory behind plain adds in reverse sweeps (``ranges``)."""
