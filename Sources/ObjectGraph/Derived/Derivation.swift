/// How a derived property computes its value.
public enum Derivation {
    /// A key-path expression (`NSDerivedAttributeDescription.derivationExpression`): a key path through
    /// to-one and to-many relationships, with the collection operators `@count`, `@sum`, `@avg`, `@min`
    /// and `@max`, optionally wrapped in one of Core Data's functions `lowercase:(…)`, `uppercase:(…)` or
    /// `canonical:(…)`. Its only dependency is the key path itself.
    case expression(String)
    /// A function of the object, recomputed when one of the `dependsOn` key paths changes
    /// (turbo-derive's `keyPathsForValuesAffectingDerived<Key>` + `update<Key>`).
    case function(dependsOn: [String], (ManagedObject) throws -> Value)
}
