"""playtest-kit core: one loader for components and records, shared by generator and scorer."""

__version__ = "0.1.0"
