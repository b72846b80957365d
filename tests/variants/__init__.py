"""The variants: a room's own variant and the limits of every field."""
