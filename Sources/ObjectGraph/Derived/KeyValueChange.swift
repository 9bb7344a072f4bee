/// One change told to a key-value observer (the `change` dictionary of
/// `observeValue(forKeyPath:of:change:context:)`).
///
/// ```swift
/// let token = try context.addKeyValueObserver(object: invoice, keyPath: "totalSum", options: [.old, .new]) {
///     print($0.oldValue ?? .null, "→", $0.newValue ?? .null)
/// }
/// ```
public struct KeyValueChange {
    /// The observed object.
    public let object: ManagedObject
    /// The observed key path.
    public let keyPath: String
    /// `"setting"` (`NSKeyValueChangeSetting`) for attributes, to-one relationships, key paths and derived
    /// keys; for a to-many relationship observed directly `"insertion"`, `"removal"` or `"replacement"`
    /// (`NSKeyValueChangeInsertion`, …) with the inserted objects in `newValue`, the removed ones in
    /// `oldValue` and their positions in ``indexes``; `"setting"` again when the members did not change.
    public let kind: String
    /// For `insertion` and `replacement`: the positions (from 0) of the inserted objects in the new
    /// members; for `removal`: the positions of the removed objects in the old members
    /// (`NSKeyValueChangeIndexesKey`). Nil for `setting`.
    public let indexes: [Int]?
    /// The value before the change, when `.old` was asked for (nil at registration).
    public let oldValue: Value?
    /// The value after the change, when `.new` was asked for (nil in a prior notification).
    public let newValue: Value?
    /// True for the notification sent before a change (option `.prior`).
    public let isPrior: Bool
    /// True for the last notification of an observation: the object was deleted (deletion processed),
    /// removed from its context, or its context was reset. `newValue` is `.null`; nothing follows.
    public let isObjectDeleted: Bool
}
