// Temporary stand-in until the fetching engine lands.
public struct FetchRequest {
    public var entityName: String
    public var includesPendingChanges = true
    public init(entityName: String) { self.entityName = entityName }
    public func apply(to candidates: [ManagedObject]) throws -> [ManagedObject] { candidates }
}
