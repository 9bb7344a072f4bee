extension LuaAnnotations {
    static let contexts = #"""
---A managed object context (`NSManagedObjectContext`).
---@class ManagedObjectContext : userdata
---@field insertedObjects ManagedObject[] Inserted objects, in object order.
---@field updatedObjects ManagedObject[] Updated objects, in object order.
---@field deletedObjects ManagedObject[] Deleted objects, in object order.
---@field registeredObjects ManagedObject[] Every object the context holds, in object order.
---@field hasChanges boolean Whether there are unsaved changes.
---@field name string `viewContext`, `background#n` or `child#n`.
---@field concurrencyType "mainQueue"|"privateQueue" The queue the context runs on.
---@field derivedRecomputationCount integer How many times derived properties were recomputed.
---@field automaticallyMergesChangesFromParent boolean Merge the parent's (or the store's) saves at the next tick (read/write).
---@field parent ManagedObjectContext? The parent context, or nil.
---@field mergePolicy "error"|"mergeByPropertyObjectTrump"|"mergeByPropertyStoreTrump"|"overwrite"|"rollback" How a save resolves conflicts with the store (default `"error"`; read/write).
---@field undoManager UndoManager? Records undo groups when set (`ripple.undoManager()`; nil by default, read/write).
---@field transactionAuthor string? The author of this context's saves in the persistent history (read/write).
---@field queryGenerationToken QueryGenerationToken? The query generation the context is pinned to; nil when unpinned.
---@field stalenessInterval number Seconds cached row data may be used before a fault reads the store again (default -1; read/write). Ripple keeps no older row cache: every value behaves as 0.
local ManagedObjectContext = {}

---Pins the context to a query generation (`"current"`, or another context's `queryGenerationToken`), or unpins
---it with nil: a pinned context reads the saved rows as they were until it saves, merges or is reset (SQLite stores).
---@param generation "current"|QueryGenerationToken|nil
function ManagedObjectContext:setQueryGenerationFrom(generation) end

---Inserts an object with its defaults, then `values`; returns it.
---@param entity string
---@param values? table<string, any>
---@return ManagedObject
function ManagedObjectContext:insert(entity, values) end

---Marks an object deleted; delete rules apply when changes are processed.
---@param object ManagedObject
function ManagedObjectContext:delete(object) end

---Propagates deletions and derived values, then posts one `objectsDidChange`.
function ManagedObjectContext:processPendingChanges() end

---Processes, posts `willSave`, validates everything, writes, posts `didSave`.
function ManagedObjectContext:save() end

---Discards unsaved changes and posts what was undone.
function ManagedObjectContext:rollback() end

---Forgets every object (`invalidatedAll`); fetch again to get fresh ones.
function ManagedObjectContext:reset() end

---Runs a fetch request; returns an array of objects.
---@param request FetchRequest
---@return ManagedObject[]
function ManagedObjectContext:fetch(request) end

---The number of objects a fetch request would return.
---@param request FetchRequest
---@return integer
function ManagedObjectContext:count(request) end

---Queues `fn` on the context's queue; it runs at the next `ripple.tick()`.
---@param fn fun()
function ManagedObjectContext:perform(fn) end

---Runs `fn` on the context's queue now and returns its result.
---@param fn fun(): any
---@return any
function ManagedObjectContext:performAndWait(fn) end

---Merges the changes a `didSave` observer received from another context.
---@param note DidSaveNotification|ContextDidSaveNotification|PersistentHistoryTransaction
function ManagedObjectContext:mergeChangesFromContextDidSave(note) end

---Reloads an object's saved values, keeping unsaved ones when `mergeChanges` is true.
---@param object ManagedObject
---@param mergeChanges boolean
function ManagedObjectContext:refresh(object, mergeChanges) end

---Refreshes every object of the context.
function ManagedObjectContext:refreshAllObjects() end

---A child context whose saves go to this context, named `child#n` (main queue by default).
---@param concurrencyType? "mainQueue"|"privateQueue"
---@return ManagedObjectContext
function ManagedObjectContext:newChildContext(concurrencyType) end

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

    static let objects = #"""
---A managed object. Its entity's attributes and relationships are read and written by key; declare
---`---@class Customer : ManagedObject` with `---@field name string` in your scripts for completion on them.
---@class ManagedObject : userdata
---@field isInserted boolean
---@field isUpdated boolean
---@field isDeleted boolean
---@field hasChanges boolean
---@field isFault boolean Whether its values are not loaded yet.
---@field objectID ManagedObjectID Temporary (`x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001`) until saved, then permanent (`x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1`).
---@field entityName string
---@field managedObjectContext ManagedObjectContext?
---@field hasPersistentChangedValues boolean Whether a persistent attribute or relationship differs from its last saved value.
local ManagedObject = {}

---Persistent keys that differ from the last save, with their current values.
---@return table<string, any>
function ManagedObject:changedValues() end

---Persistent keys changed since the last `objectsDidChange`, with their values before this event.
---@return table<string, any>
function ManagedObject:changedValuesForCurrentEvent() end

---The last saved values of `keys` (all keys when nil).
---@param keys? string[]
---@return table<string, any>
function ManagedObject:committedValues(keys) end

---How many times the derived property `key` was recomputed.
---@param key string
---@return integer
function ManagedObject:recomputationCount(key) end

---The ordered to-many relationship `key` as a live set taking `NSMutableOrderedSet`'s operations
---(`mutableOrderedSetValue(forKey:)`).
---@param key string
---@return RelationshipSet
function ManagedObject:mutableOrderedSetValueForKey(key) end

---A live to-many relationship: `#set`, `set[i]` (1-based, in insertion order).
---@class RelationshipSet : userdata
---@field count integer The number of members.
local RelationshipSet = {}

---Adds a member (the inverse is set too).
---@param object ManagedObject
function RelationshipSet:add(object) end

---Removes a member (the inverse is cleared too).
---@param object ManagedObject
function RelationshipSet:remove(object) end

---Whether `object` is a member.
---@param object ManagedObject
---@return boolean
function RelationshipSet:contains(object) end

---The members as an array.
---@return ManagedObject[]
function RelationshipSet:toArray() end

---Ordered relationships: inserts `object` at the 0-based `index` (a member stays where it is).
---@param object ManagedObject
---@param index integer
function RelationshipSet:insertObject(object, index) end

---Ordered relationships: removes the member at the 0-based `index`.
---@param index integer
function RelationshipSet:removeObjectAtIndex(index) end

---Ordered relationships: `object` takes the place of the member at the 0-based `index`.
---@param index integer
---@param object ManagedObject
function RelationshipSet:replaceObjectAtIndex(index, object) end

---Ordered relationships: the members at the 0-based `indexes` move, in order, to `toIndex` of what remains.
---@param indexes integer[]
---@param toIndex integer
function RelationshipSet:moveObjectsAtIndexes(indexes, toIndex) end

---Ordered relationships: the member at the 0-based `index`.
---@param index integer
---@return ManagedObject
function RelationshipSet:objectAtIndex(index) end

---Ordered relationships: the 0-based index of `object`, or nil.
---@param object ManagedObject
---@return integer?
function RelationshipSet:indexOfObject(object) end

"""#
}
