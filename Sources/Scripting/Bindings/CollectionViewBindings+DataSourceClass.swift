import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// `CollectionViewDataSource` as the annotations see it (its closures are never run).
    static let dataSourceDeclaration = CollectionViewClasses.dataSourceDeclaration(CollectionViewClassesReference())
}

extension CollectionViewClasses {
    func makeDataSource() -> LuaClass {
        Self.dataSourceDeclaration(CollectionViewClassesReference(classes: self)).makeClass { key, writing in
            writing ? nil : undefinedKeyMessage(key, of: "CollectionViewDataSource")
        }
    }

    /// `ripple.staticCollectionViewDataSource` and `ripple.fetchedCollectionViewDataSource`'s values.
    static func dataSourceDeclaration(_ owner: CollectionViewClassesReference) -> LuaClassDeclaration<CollectionViewDataSourceBase> {
        let prepareType = "fun(cell: CollectionReusableView, indexPath: IndexPath, dataSource: CollectionViewDataSource)"
        let supplementaryPrepareType = "fun(view: CollectionReusableView, indexPath: IndexPath, dataSource: CollectionViewDataSource)"
        return LuaClassDeclaration<CollectionViewDataSourceBase>(
            "CollectionViewDataSource", "An NXCollectionViewDataSource data source (static or fetched).",
            properties: [
                .custom("collectionView", type: "CollectionView?", "Its view.", get: { source, state in
                    if let view = source.collectionView { state.push(object: view, class: try owner.get().view) } else { state.pushNil() }
                }),
                .custom("postUpdateBlock", type: "fun(dataSource: CollectionViewDataSource)|nil",
                        "Runs after every reload and applied batch.",
                        get: { source, state in
                            if let ref = try owner.get().postUpdateRefs[ObjectIdentifier(source)] { state.push(ref) } else { state.pushNil() }
                        },
                        set: { source, state, value in try owner.get().setPostUpdateBlock(of: source, state, value) }),
                .property("reloadCollectionViewAfterChanges", "Apply changes with `reloadData` instead of a batch.",
                          get: { $0.reloadCollectionViewAfterChanges }, set: { $0.reloadCollectionViewAfterChanges = $1 }),
                .custom("fetchedItems", type: "ManagedObject[]?", "The fetched items (fetched data source).", get: { source, state in
                    if let items = (source as? FetchedCollectionViewDataSource)?.fetchedItems {
                        try owner.get().engine.push(items)
                    } else {
                        state.pushNil()
                    }
                }),
                .property("sections", "The number of sections (the same as `numberOfSections()`).", get: { $0.numberOfSections() }),
            ],
            methods: [
                .custom("registerClass", "Registers a cell class: `(class, prepare)` for every item, or `(class, reuseIdentifier, [predicate,] prepare)`.",
                        parameters: [.init("className", "string?"), .init("reuseIdentifier", "string|" + prepareType),
                                     .init("predicate", "(string|fun(item: any, indexPath: IndexPath): boolean|" + prepareType + ")?"),
                                     .init("prepare", "(" + prepareType + ")?")]) { source, state in
                    try owner.get().register(source, state, isNib: false)
                },
                .custom("registerNib", "The same as `registerClass`, for a nib name.",
                        parameters: [.init("nibName", "string?"), .init("reuseIdentifier", "string|function"),
                                     .init("predicate", "(string|function)?"), .init("prepare", "function?")]) { source, state in
                    try owner.get().register(source, state, isNib: true)
                },
                .custom("registerClassForSupplementaryViewOfKind",
                        "Registers a supplementary view class for a kind (the kind is the reuse identifier).",
                        parameters: [.init("className", "string?"), .init("kind", "string"), .init("prepare", supplementaryPrepareType)]) { source, state in
                    try owner.get().registerSupplementary(source, state, isNib: false)
                },
                .custom("registerNibForSupplementaryViewOfKind", "The same as `registerClassForSupplementaryViewOfKind`, for a nib name.",
                        parameters: [.init("nibName", "string?"), .init("kind", "string"), .init("prepare", "function")]) { source, state in
                    try owner.get().registerSupplementary(source, state, isNib: true)
                },
                .method("reload", "Fetches again (fetched) or shows the sections again (static), and reloads the view.") { try $0.reload() },
                .method("reset", "Empties the data source and reloads the view.") { try $0.reset() },
                .method("numberOfSections", "The number of sections of the data source.") { $0.numberOfSections() },
                .method("numberOfItemsInSection", "The number of items of a section of the data source.", "section") {
                    (source: CollectionViewDataSourceBase, section: Int) -> Int in try source.numberOfItems(inSection: section)
                },
                .custom("itemAtIndexPath", "The item at an index path, nil when missing.",
                        parameters: [.init("indexPath", "IndexPath")], returns: "any") { source, state in
                    let classes = try owner.get()
                    classes.push(item: source.item(at: try classes.engine.checkIndexPath(state, 2)))
                    return 1
                },
                .custom("reuseIdentifierForItemAtIndexPath", "The reuse identifier of the registration that accepts the item at an index path.",
                        parameters: [.init("indexPath", "IndexPath")], returns: "string?") { source, state in
                    if let id = try source.reuseIdentifier(forItemAt: try owner.get().engine.checkIndexPath(state, 2)) {
                        state.push(id)
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
                .custom("indexPathsOfItem", "Every index path of an item, in order (tables by identity).",
                        parameters: [.init("item", "any")], returns: "IndexPath[]") { source, state in
                    try owner.get().pushIndexPaths(of: source, state)
                    return 1
                },
                .custom("itemForSection", "The section item (static: the section's title; fetched: its name, value or related object).",
                        parameters: [.init("section", "integer")], returns: "any") { source, state in
                    let classes = try owner.get()
                    let section = try state.integer(2)
                    if let fetched = source as? FetchedCollectionViewDataSource {
                        if let value = try fetched.itemForSection(section) { classes.engine.push(value) } else { state.pushNil() }
                    } else if let stat = source as? StaticCollectionViewDataSource {
                        classes.push(item: try stat.itemForSection(section))
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
                .custom("reloadWithSections", "Static data source: shows these sections of items, with optional section items; a full reload.",
                        parameters: [.init("sections", "any[][]"), .init("sectionItems", "any[]?")]) { source, state in
                    try owner.get().reloadWithSections(source, state)
                },
                .custom("reloadWithFetchRequest",
                        "Fetched data source: fetches with `request`, sectioned by `{ sectionKeyPath = }`, `{ sectionAttribute = }` or `{ sectionRelationship = }`.",
                        parameters: [.init("request", "FetchRequest"), .init("options", "table?")]) { source, state in
                    try owner.get().reloadWithFetchRequest(source, state)
                },
            ],
            describe: { source in
                switch source {
                case is FetchedCollectionViewDataSource: return "FetchedCollectionViewDataSource"
                case is StaticCollectionViewDataSource: return "StaticCollectionViewDataSource"
                default: return "CollectionViewDataSource"
                }
            })
    }

    /// `dataSource.postUpdateBlock = fn | nil`.
    func setPostUpdateBlock(of source: CollectionViewDataSourceBase, _ state: LuaState, _ value: Int32) throws {
        if state.isNoneOrNil(value) {
            source.postUpdateBlock = nil
            postUpdateRefs[ObjectIdentifier(source)] = nil
            return
        }
        let function = try state.function(value)
        postUpdateRefs[ObjectIdentifier(source)] = function
        source.postUpdateBlock = { [unowned self] source in
            state.push(function)
            self.push(dataSource: source)
            try state.pcall(arguments: 1, results: 0)
        }
    }

    /// `dataSource:indexPathsOfItem(item)`: a fetched source's object, or a static source's item by value
    /// (tables by identity).
    func pushIndexPaths(of source: CollectionViewDataSourceBase, _ state: LuaState) {
        let paths: [IndexPath]
        if let fetched = source as? FetchedCollectionViewDataSource {
            paths = state.object(at: 2, as: ManagedObject.self).map { fetched.indexPaths(of: $0) } ?? []
        } else if let stat = source as? StaticCollectionViewDataSource {
            let probe = item(at: 2)
            paths = stat.indexPaths { candidate in self.isSame(candidate, probe, at: 2) }
        } else {
            paths = []
        }
        state.newTable(arrayCount: Int32(paths.count), recordCount: 0)
        for (i, p) in paths.enumerated() {
            engine.push(indexPath: p)
            state.rawSet(tableAt: -2, index: i + 1)
        }
    }
}
