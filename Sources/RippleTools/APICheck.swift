/// The comparison of the annotations with the live bindings, shared by the test and `ripple types --check`.
public struct APICheck: Sendable, Equatable {
    /// Bound names without an annotation, sorted.
    public var notAnnotated: [String]
    /// Annotated names (of checked owners, not provided by scripts) that a fresh engine does not bind.
    public var notBound: [String]
    /// Steps of the tour script that failed.
    public var tourProblems: [String]

    /// Whether annotations and bindings agree.
    public var isEmpty: Bool { notAnnotated.isEmpty && notBound.isEmpty && tourProblems.isEmpty }
}
