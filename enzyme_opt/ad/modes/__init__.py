"""One driver per mode: forward, reverse (combined), split, batch, checkpointed loops."""
