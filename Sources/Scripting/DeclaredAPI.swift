import LuaBridge

/// Every bridged class and protocol of the Lua API, each declared once in the bindings, gathered for the tools
/// that describe the API (the annotations of `ripple types`, the API reference and its checks).
package enum DeclaredAPI {
    /// The declared classes, in the order the annotations list them.
    package static var classes: [any LuaClassDescribing] {
        BridgeClasses.declarations + BridgeClasses.laterDeclarations + BridgeClasses.stackDeclarations
    }

    /// The classes of managed objects (the members every object has; each entity's class adds its attributes
    /// and relationships) and of their to-many relationship sets.
    package static var objectClasses: [any LuaClassDescribing] { BridgeClasses.objectDeclarations }

    /// The collection-view classes (views, batches, cells and `ripple.uikit`).
    package static var collectionViewClasses: [any LuaClassDescribing] { BridgeClasses.collectionViewDeclarations }

    /// The protocols: the batch operations views and batches share, every role a Lua object plays, and the
    /// callbacks of a managed-object class.
    package static var protocols: [LuaProtocolDeclaration] {
        [CollectionViewClasses.batchUpdating] + LuaProtocols.all + [LuaProtocols.managedObject]
    }
}
