extension LuaAnnotations {
    /// Object IDs, the coordinator and its stores, batch requests, persistent history and undo
    /// (docs/core-data.md).
    static let coreData = #"""
---The object with that ID in this context (`object(with:)`): the registered object or a new fault; for an
---ID that names no saved object, a stand-in whose first access fails ("could not fulfill a fault").
---@param id ManagedObjectID
---@return ManagedObject
function ManagedObjectContext:object(id) end

---The object with that ID, loaded from the store if needed (`existingObject(with:)`); an error 133000
---when no such object exists (never saved, or deleted since).
---@param id ManagedObjectID
---@return ManagedObject
function ManagedObjectContext:existingObject(id) end

---Gives inserted objects their permanent IDs now (`obtainPermanentIDs(for:)`): `objectID.isTemporaryID` is
---false before the save, which keeps those IDs. An error for a deleted object or another context's object
---(nothing changes then); objects already saved are left alone.
---@param objects ManagedObject[]
function ManagedObjectContext:obtainPermanentIDs(objects) end

---Runs a batch request or a history request against the store, leaving every context as it is:
---`{ result = true | ids | count }` (batch) or `{ result = transactions }` (history).
---@param request BatchRequest|PersistentHistoryChangeRequest
---@return BatchResult|PersistentHistoryResult
function ManagedObjectContext:execute(request) end

---Undoes the last group of changes of the context's undo manager; nothing happens without one.
function ManagedObjectContext:undo() end

---Redoes the last undone group; nothing happens without an undo manager.
function ManagedObjectContext:redo() end

---Makes an `NSBatchDeleteRequest`: deletes the objects matching the predicate (or the objects of `objectIDs`)
---in the store, without loading them; run it with `ctx:execute(request)`.
---@param options BatchDeleteRequestOptions
---@return BatchRequest
function ripple.batchDeleteRequest(options) end

---Makes an `NSBatchUpdateRequest`: sets `propertiesToUpdate` on the objects matching the predicate in the store.
---@param options BatchUpdateRequestOptions
---@return BatchRequest
function ripple.batchUpdateRequest(options) end

---Registers a value transformer for transformable attributes (`ValueTransformer.setValueTransformer(_:forName:)`):
---`transformedValue(value)` returns the string of bytes the store keeps, `reverseTransformedValue(bytes)` the value
---back. A context transforms when it saves to a store; a read transforms back the first time after a load. `nil`
---in place of the table removes the name.
---@param name string
---@param transformer { transformedValue: fun(value: any): string, reverseTransformedValue: fun(bytes: string): any }?
function ripple.setValueTransformer(name, transformer) end

---Makes an `NSBatchInsertRequest`: inserts `objects` (tables of values) in the store, or the tables a
---`dictionaryHandler` / `managedObjectHandler` fills, called until it returns true.
---@param options BatchInsertRequestOptions
---@return BatchRequest
function ripple.batchInsertRequest(options) end

---Merges changes made behind the contexts' backs (`NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)`),
---such as the IDs a batch request returned: each context refreshes, drops or announces the objects.
---@param changes { inserted?: (ManagedObjectID|ManagedObject)[], updated?: (ManagedObjectID|ManagedObject)[], deleted?: (ManagedObjectID|ManagedObject)[] }
---@param contexts ManagedObjectContext[]
function ripple.mergeChanges(changes, contexts) end

---Makes an `NSPersistentHistoryChangeRequest`: `{ after = token }` fetches the transactions after a token
---(all of them with `{}`), `{ after = date }` those committed after a date, `{ fetchRequest = { predicate = … } }`
---those a predicate on `author`, `contextName`, `timestamp` accepts (`fetchHistory(withFetch:)`),
---`{ deleteBefore = token }` deletes those up to it; run it with `ctx:execute`.
---@param options { after?: PersistentHistoryToken|number, deleteBefore?: PersistentHistoryToken, fetchRequest?: { predicate: string, arguments?: any[] } }
---@return PersistentHistoryChangeRequest
function ripple.historyRequest(options) end

---Makes an undo manager; set it as `ctx.undoManager` to record one undo group per event (or per explicit group).
---@return UndoManager
function ripple.undoManager() end

---Options of `ripple.batchDeleteRequest`.
---@class BatchDeleteRequestOptions
---@field entity? string The entity name (required unless `objectIDs` is given).
---@field objectIDs? (ManagedObjectID|ManagedObject)[] `NSBatchDeleteRequest(objectIDs:)`: these objects (one entity), instead of a fetch.
---@field predicate? string|fun(object: ManagedObject): boolean Which objects (all when nil).
---@field arguments? any[] Values for `%@` and `%K` in the format.
---@field sortDescriptors? (string|SortDescriptor)[] The order in which `fetchOffset` and `fetchLimit` take objects.
---@field fetchOffset? integer How many matching objects to skip first.
---@field fetchLimit? integer The most objects to delete (0: no limit).
---@field resultType? "resultTypeStatusOnly"|"resultTypeObjectIDs"|"resultTypeCount" What `execute` returns (status by default).

---Options of `ripple.batchUpdateRequest`.
---@class BatchUpdateRequestOptions
---@field entity string The entity name (required).
---@field propertiesToUpdate table<string, any> The new values (required).
---@field predicate? string|fun(object: ManagedObject): boolean Which objects (all when nil).
---@field arguments? any[] Values for `%@` and `%K` in the format.
---@field resultType? "statusOnlyResultType"|"updatedObjectIDsResultType"|"updatedObjectsCountResultType" What `execute` returns (status by default).

---Options of `ripple.batchInsertRequest`.
---@class BatchInsertRequestOptions
---@field entity string The entity name (required).
---@field objects? table<string, any>[] One table of values per object (or a handler).
---@field dictionaryHandler? fun(values: table<string, any>): boolean? Fills a table per call; returns true to stop (that call's table is not inserted).
---@field managedObjectHandler? fun(object: table<string, any>): boolean? The same, in Core Data's object form (Ripple passes a table).
---@field resultType? "statusOnly"|"objectIDs"|"count" What `execute` returns (status by default).

---What `ctx:execute(batchRequest)` returns (`NSBatchDeleteResult`, `NSBatchUpdateResult`, `NSBatchInsertResult`).
---@class BatchResult
---@field result boolean|ManagedObjectID[]|integer True (status), the IDs of the objects, or their number, by `resultType`.

---What `ctx:execute(historyRequest)` returns.
---@class PersistentHistoryResult
---@field result PersistentHistoryTransaction[] The transactions, oldest first (empty for a deletion).

---One save recorded by a store with `persistentHistoryTracking` (`NSPersistentHistoryTransaction`).
---@class PersistentHistoryTransaction
---@field token PersistentHistoryToken The transaction's token (pass it as `after` next time).
---@field author? string The saving context's `transactionAuthor`.
---@field contextName string The saving context's name.
---@field timestamp number When it was committed: 2026-01-01 00:00:00 UTC plus its number, in seconds (Ripple has no wall clock).
---@field changes PersistentHistoryChange[] One change per object.
---@field notification ContextDidSaveNotification What `ctx:mergeChangesFromContextDidSave` merges (`objectIDNotification()`).

---One object's change in a transaction (`NSPersistentHistoryChange`).
---@class PersistentHistoryChange
---@field changeType "insert"|"update"|"delete"
---@field changedObjectID ManagedObjectID
---@field updatedProperties string[] The keys an update changed.
---@field tombstone? table<string, any> For a deletion: the last values of the attributes with `preservesValueInHistoryOnDeletion`.

"""#
}
