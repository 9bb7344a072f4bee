extension LuaAnnotations {
    /// Collection and table views: generated from their declarations (``declaredCollectionViews``) and
    /// their protocols' (``declaredProtocols``); nothing is written by hand here any more.
    static var collectionViews: String { declaredCollectionViews + "\n" + declaredProtocols }
}
