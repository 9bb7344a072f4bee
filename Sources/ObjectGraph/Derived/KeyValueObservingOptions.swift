/// What a key-value observer wants to be told (`NSKeyValueObservingOptions`).
public struct KeyValueObservingOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Include the new value.
    public static let new = KeyValueObservingOptions(rawValue: 1)
    /// Include the old value.
    public static let old = KeyValueObservingOptions(rawValue: 2)
    /// Call the handler once at registration with the current value.
    public static let initial = KeyValueObservingOptions(rawValue: 4)
    /// Also call the handler before each change (`isPrior` true), then after it.
    public static let prior = KeyValueObservingOptions(rawValue: 8)
}
