import ObjectGraph

/// The contexts `ripple.tick()` ends the event for, in creation order, in a box of their own: the `tick`
/// binding holds the box strongly instead of reaching them through an `unowned` engine reference, whose
/// check and retain take the slow path on every call (the engine is also referenced weakly, so its counts
/// live in a side table; performance.md, Session 4 → boundary).
final class TickedContexts {
    /// Every context created by scripts, in creation order.
    @exclusivity(unchecked) var contexts: [ManagedObjectContext] = []
    /// Called after each `ripple.tick()` that did not fail (a report's step; nil when no report is recorded).
    @exclusivity(unchecked) var afterTick: (() -> Void)? {
        didSet { hasAfterTick = afterTick != nil }
    }
    /// Whether ``afterTick`` is set: read by every tick without loading (and retaining) the closure.
    @exclusivity(unchecked) private(set) var hasAfterTick = false

    /// What `ripple.tick()` does: ends the event for the contexts (an idle one costs a check of each, with
    /// no reference counting), then calls ``afterTick``.
    func tick() throws {
        if ContextEventLoop.hasWork(in: &contexts) { try ContextEventLoop.endEvent(contexts) }
        if hasAfterTick { afterTick?() }
    }
}
