"""trajan: scoring assistant and rules referee for Forum Trajanum at a real table."""

__version__ = "0.1.0"
