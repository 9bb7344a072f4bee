import LuaBridge

extension BridgeClasses {
    /// The classes moved to ``LuaClassDeclaration`` after the first ones (``declarations``): their annotations
    /// are generated from these declarations like those of the first ones.
    static let laterDeclarations: [any LuaClassDescribing] = [
        objectIDDeclaration, queryGenerationTokenDeclaration, dataSourceDeclaration,
    ] + diffableDeclarations
}
