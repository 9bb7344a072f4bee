/// The one table of method aliases: the Swift spellings of Cocoa methods a developer types, each standing
/// for the method Ripple names by the Objective-C selector (docs/lua-api.md, "Names").
///
/// The naming rule: a method's Ripple name is its Objective-C selector with the colons dropped and the
/// pieces run together (`objectAtIndexPath:` → `objectAtIndexPath`, `existingObjectWithID:error:` →
/// `existingObjectWithID`), without the `NS`/`UI` prefix and without a leading `tableView:` or
/// `collectionView:` receiver argument. A Swift spelling is the base name of the Swift method, before its
/// argument labels (`object(at:)` → `object`, `indexPath(for:)` → `indexPath`, `existingObject(with:)` →
/// `existingObject`); where it differs from the Ripple name it is an alias here. Where Ripple's first
/// name for a method was the Swift one (`ctx:object`, `ctx:existingObject`), the selector's name is the
/// alias, so that both spellings work.
///
/// Add an alias in one line: `"ClassName": ["alias": "method"]`. An alias never hides a method or a
/// property of the class, names only a method the class has, and is never suggested by "did you mean"
/// (the method's own name is). LuaAliasesTests check that every alias is the same function as its method.
enum LuaAliases {
    /// Alias → method, by Lua class name (the `__name` of its metatable).
    static let methods: [String: [String: String]] = [
        "ManagedObjectContext": [
            "existingObjectWithID": "existingObject",   // existingObjectWithID:error:
            "objectWithID": "object",                   // objectWithID:
        ],
        "FetchedResultsController": [
            "object": "objectAtIndexPath",              // object(at:)
            "indexPath": "indexPathForObject",          // indexPath(forObject:)
        ],
        "CollectionView": [
            "numberOfRows": "numberOfRowsInSection",    // numberOfRows(inSection:)
            "numberOfItems": "numberOfItemsInSection",  // numberOfItems(inSection:)
            "cellForRow": "cellForRowAtIndexPath",      // cellForRow(at:)
            "cellForItem": "cellForItemAtIndexPath",    // cellForItem(at:)
            "insertItemsAtIndexPaths": "insertItems",   // insertItemsAtIndexPaths:
            "deleteItemsAtIndexPaths": "deleteItems",
            "reloadItemsAtIndexPaths": "reloadItems",
            "insertRowsAtIndexPaths": "insertRows",     // insertRowsAtIndexPaths:withRowAnimation:
            "deleteRowsAtIndexPaths": "deleteRows",
            "reloadRowsAtIndexPaths": "reloadRows",
            "dequeueReusableCellWithIdentifier": "dequeueReusableCell",
        ],
        "BatchUpdate": [
            "insertItemsAtIndexPaths": "insertItems", "deleteItemsAtIndexPaths": "deleteItems",
            "reloadItemsAtIndexPaths": "reloadItems", "insertRowsAtIndexPaths": "insertRows",
            "deleteRowsAtIndexPaths": "deleteRows", "reloadRowsAtIndexPaths": "reloadRows",
        ],
    ]

    /// The aliases of the class named `className` (empty: none).
    static func aliases(of className: String) -> [String: String] { methods[className] ?? [:] }
}
