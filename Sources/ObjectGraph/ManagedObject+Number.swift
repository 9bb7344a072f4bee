extension ManagedObject {
    /// The object's number within its entity: `objectID.number`, read without building the ID (a trace
    /// names 10⁵–10⁶ objects of a bulk insert by entity and number).
    public var objectNumber: Int { number }
}
