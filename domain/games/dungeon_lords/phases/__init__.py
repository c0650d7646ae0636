"""One module per phase of the Building side. Each exposes ``step(state)``: either the
consequence events to apply next, or the :class:`~domain.kernel.pending.Pending` input."""
