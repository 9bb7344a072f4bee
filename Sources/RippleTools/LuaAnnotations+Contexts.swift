import Scripting

extension LuaAnnotations {
    static let contexts = #"""

---What a `didSave` observer receives; pass it to `mergeChangesFromContextDidSave`.
---@class DidSaveNotification
---@field inserted ManagedObject[] The saved insertions, objects of the saving context.
---@field updated ManagedObject[]
---@field deleted ManagedObject[]
---@field context ManagedObjectContext The saving context.
---@field changedKeys table<ManagedObject, string[]> Sorted changed keys per updated object.
---@field oldValues table<ManagedObject, table<string, any>> Values before the save per updated object.
---@field notification ContextDidSaveNotification The IDs the merge needs.

---What an `objectsDidChange` observer receives.
---@class ObjectsDidChangeNotification
---@field inserted ManagedObject[]
---@field updated ManagedObject[]
---@field deleted ManagedObject[]
---@field refreshed ManagedObject[]
---@field invalidated ManagedObject[]
---@field invalidatedAll boolean
---@field changedKeys table<ManagedObject, string[]> Sorted changed keys per object.
---@field oldValues table<ManagedObject, table<string, any>> Values before the change per object.
---@field context ManagedObjectContext

---A fetch request: `ctx:fetch`, `ctx:count`, fetched results controllers and fetched data sources.
---@class FetchRequest
---@field entity string The entity name (required).
---@field predicate? string|fun(object: ManagedObject): boolean An `NSPredicate` format string, or a Lua function (refused by a SQLite store, which answers with SQL: docs/predicates.md).
---@field arguments? any[] Values for `%@` and `%K` in the format.
---@field sortDescriptors? (string|SortDescriptor)[] Keys, or tables with `key`, `ascending`, `selector`.
---@field fetchLimit? integer Applied after sorting.
---@field fetchOffset? integer Applied after sorting.
---@field fetchBatchSize? integer Objects beyond the first batch come back as faults.
---@field resultType? "managedObjectResultType"|"managedObjectIDResultType"|"dictionaryResultType"|"countResultType" What `ctx:fetch` returns (objects by default).
---@field propertiesToFetch? (string|ExpressionDescription)[] The keys of a `dictionaryResultType` fetch: key paths (through to-one relationships) and expression descriptions.
---@field propertiesToGroupBy? (string|ExpressionDescription)[] `GROUP BY` for a `dictionaryResultType` fetch: every fetched property is grouped or an aggregate.
---@field havingPredicate? string A format string each group must satisfy; its keys (or `$names`) are the group's properties and expression names.
---@field returnsDistinctResults? boolean Equal dictionaries once (`dictionaryResultType` with `propertiesToFetch` only).
---@field includesPendingChanges? boolean Default true: unsaved insertions and deletions count.
---@field substitutionVariables? table<string, any> Values of the predicate's `$VARIABLE`s.
---@field includesSubentities? boolean Default true: objects of the entity's sub-entities are fetched too.
---@field relationshipKeyPathsForPrefetching? string[] Relationship key paths whose objects are loaded with the results (not faults).

---A computed column of a dictionary fetch (`NSExpressionDescription`).
---@class ExpressionDescription
---@field name string The key of the value in each dictionary.
---@field expression string `@sum.amount`, `@avg.amount`, `@count.amount`, `@min.amount`, `@max.amount`, `sum:(amount)`, `average:(amount)`, `count:(amount)`, `min:(amount)`, `max:(amount)` or a key path.
---@field expressionResultType? "string"|"integer16"|"integer32"|"integer"|"integer64"|"decimal"|"double"|"float"|"boolean"|"date" The type numbers are converted to.

---A sort descriptor.
---@class SortDescriptor
---@field key string
---@field ascending? boolean
---@field selector? "compare:"|"caseInsensitiveCompare:"|"localizedCompare:"|"localizedCaseInsensitiveCompare:"|"localizedStandardCompare:"
---@field comparator? "compare"|"caseInsensitiveCompare"|"localizedCompare"|"localizedCaseInsensitiveCompare"|"localizedStandardCompare"

"""#

    /// The classes of managed objects and relationship sets, generated from their declarations
    /// (``DeclaredAPI/objectClasses``).
    static var objects: String {
        DeclaredAPI.objectClasses.map(\.annotations).joined(separator: "\n")
    }
}
