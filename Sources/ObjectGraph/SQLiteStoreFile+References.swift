extension SQLiteStoreFile {
    /// A stored reference: the number alone for an object of the relationship's destination entity,
    /// `Entity:number` for an object of one of its sub-entities.
    static func referenceText(_ id: ManagedObjectID, destination: String) -> String {
        id.entityName == destination ? String(id.number) : id.entityName + ":" + String(id.number)
    }

    /// Reads a reference written by ``referenceText(_:destination:)``.
    static func reference(_ text: Substring, destination: String) -> ManagedObjectID? {
        if let colon = text.lastIndex(of: ":") {
            guard let number = Int(text[text.index(after: colon)...]) else { return nil }
            return ManagedObjectID(entityName: String(text[..<colon]), number: number, isTemporaryID: false)
        }
        return Int(text).map { ManagedObjectID(entityName: destination, number: $0, isTemporaryID: false) }
    }
}
