"""What parallel programs add: GPU threads (barriers, shared memory, atomics, warp shuffles)."""
