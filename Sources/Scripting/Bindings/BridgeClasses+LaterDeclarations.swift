import LuaBridge

extension BridgeClasses {
    /// The classes moved to ``LuaClassDeclaration`` after the first ones (``declarations``): their annotations
    /// are generated from these declarations like those of the first ones.
    static let laterDeclarations: [any LuaClassDescribing] = [
        objectIDDeclaration, queryGenerationTokenDeclaration, historyRequestDeclaration, savedChangesDeclaration,
        dataSourceDeclaration,
    ] + diffableDeclarations + ViewControllerDeclarations.all

    /// `ripple.historyRequest`'s values (opaque).
    static let historyRequestDeclaration = LuaClassDeclaration<HistoryRequestBox>(
        "PersistentHistoryChangeRequest",
        "A history request made by `ripple.historyRequest`; run it with `ctx:execute(request)`.",
        describe: { _ in "PersistentHistoryChangeRequest" })

    /// The `notification` of a `didSave` note and of a history transaction (opaque).
    static let savedChangesDeclaration = LuaClassDeclaration<SavedChangesBox>(
        "ContextDidSaveNotification",
        """
        The IDs of what a save changed (the `notification` field of a `didSave` note and of a history transaction);
        `mergeChangesFromContextDidSave` merges it.
        """,
        describe: { "ContextDidSaveNotification(\($0.changes.contextName))" })
}
