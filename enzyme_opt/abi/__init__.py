"""Enzyme's C ABI read: call sites into requests, markers, registrations and annotations, the
clang plugin's preserve step."""
