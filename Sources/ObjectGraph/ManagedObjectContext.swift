/// A managed object context (`NSManagedObjectContext`). Placeholder, being written.
public final class ManagedObjectContext {
    /// Registers an observer (held weakly); returns a token whose `cancel()` removes it.
    public func addObserver(_ observer: ContextObserver) -> ObservationToken { fatalError("being written") }
}

/// A registration that can be cancelled (`DatabaseCancellable`).
public final class ObservationToken {
    let onCancel: () -> Void
    /// Creates a token.
    public init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    /// Removes the registration.
    public func cancel() { onCancel() }
}
