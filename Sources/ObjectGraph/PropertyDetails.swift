/// What a model file says about an attribute or a relationship that Ripple keeps without simulating (yet):
/// a model read from Xcode fills it in (``XcodeModelReader``), a Lua model leaves it empty.
public struct PropertyDetails: Sendable, Equatable {
    /// The versioning identifiers and user info.
    public var element = ModelElementDetails()
    /// For an attribute: the `attributeType` written in the model file when Ripple stores it as a nearer
    /// type (`"Integer 32"`, `"Float"`, `"Decimal"`, `"URI"`, `"Transformable"`, `"Object ID"`); nil when the
    /// type is Ripple's own.
    public var xcodeTypeName: String?
    /// For a derived attribute (`derived="YES"`): its `derivationExpression`.
    public var derivationExpression: String?
    /// For a transformable attribute: `valueTransformerName`.
    public var valueTransformerName: String?
    /// For a transformable attribute: `customClassName`.
    public var customClassName: String?
    /// For a binary attribute: `allowsExternalBinaryDataStorage`.
    public var allowsExternalBinaryDataStorage = false
    /// `indexed="YES"` (Xcode 4 to 8's per-property index flag).
    public var isIndexed = false
    /// For a to-many relationship: `ordered="YES"` (an `NSOrderedSet`).
    public var isOrdered = false

    /// Creates empty details.
    public init() {}
}
