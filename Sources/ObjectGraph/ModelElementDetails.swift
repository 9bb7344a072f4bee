/// The identifiers and user info every element of a model file (entity, attribute, relationship) may
/// carry: kept for versioning and migration, not otherwise used.
public struct ModelElementDetails: Sendable, Equatable {
    /// `elementID` (Xcode's identifier that survives renames).
    public var elementID: String?
    /// `renamingIdentifier` (the previous name, for lightweight migration).
    public var renamingIdentifier: String?
    /// `versionHashModifier`.
    public var versionHashModifier: String?
    /// The `<userInfo>` entries, in file order.
    public var userInfo: [(key: String, value: String)] = []

    /// Creates empty details.
    public init() {}

    /// Entry-wise equality.
    public static func == (a: ModelElementDetails, b: ModelElementDetails) -> Bool {
        a.elementID == b.elementID && a.renamingIdentifier == b.renamingIdentifier
            && a.versionHashModifier == b.versionHashModifier && a.userInfo.count == b.userInfo.count
            && zip(a.userInfo, b.userInfo).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
