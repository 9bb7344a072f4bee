import CollectionViews
import FetchedResults
import ObjectGraph
import LuaBridge

extension BridgeClasses {
    /// `CollectionView`, `BatchUpdate` and `CollectionReusableView` as the annotations see them (their
    /// closures are never run), with the ``CollectionViewClasses/batchUpdating`` protocol they share.
    static let collectionViewDeclarations: [any LuaClassDescribing] = [
        CollectionViewClasses.viewDeclaration(CollectionViewClassesReference()),
        CollectionViewClasses.batchDeclaration(CollectionViewClassesReference()),
        CollectionViewClasses.reusableViewDeclaration(CollectionViewClassesReference()),
        CollectionViewClasses.uikitDeclaration(CollectionViewClassesReference()),
    ]
}

extension CollectionViewClasses {
    func makeView() -> LuaClass {
        Self.viewDeclaration(CollectionViewClassesReference(classes: self)).makeClass { key, writing in
            writing ? nil : undefinedKeyMessage(key, of: "CollectionView")
        }
    }

    func makeReusableView() -> LuaClass {
        Self.reusableViewDeclaration(CollectionViewClassesReference(classes: self)).makeClass()
    }

    /// `ripple.collectionView()` and `ripple.tableView()`'s views: the operations of ``batchUpdating`` (each
    /// a batch of its own), then the view's properties and methods.
    static func viewDeclaration(_ owner: CollectionViewClassesReference) -> LuaClassDeclaration<CollectionView> {
        /// A property read and written by name (``getViewProperty(_:_:)``, ``setViewProperty(_:_:_:)``).
        func property(_ name: String, _ type: String, _ doc: String, writable: Bool = false) -> LuaPropertyDeclaration<CollectionView> {
            .custom(name, type: type, doc,
                    get: { view, _ in try owner.get().getViewProperty(view, name) },
                    set: writable ? { view, _, value in try owner.get().setViewProperty(view, name, value) } : nil)
        }
        let indexPath = LuaParameterDeclaration("indexPath", "IndexPath")
        let reuseIdentifier = LuaParameterDeclaration("reuseIdentifier", "string")
        return LuaClassDeclaration<CollectionView>(
            "CollectionView",
            "A collection view (`UICollectionView`) or table view (`UITableView`): validates every batch update like UIKit.",
            properties: [
                .property("name", "The prefix of its trace lines; `cv` or `tv` by default.", get: { $0.name }, set: { $0.name = $1 }),
                .custom("dataSource", type: "ScriptDataSource|ViewController|CollectionViewDataSource|DiffableDataSource|nil",
                        "Its data source: a script table implementing `numberOfRowsInSection` and `cellForRowAtIndexPath` (or the `Items` names), or one of Ripple's.",
                        get: { view, _ in try owner.get().pushDataSource(of: view) },
                        set: { view, _, value in try owner.get().setDataSource(view, value) }),
                .property("batchUpdateCount", "How many batch updates were applied.", get: { $0.batchUpdateCount }),
                .property("isUpdating", "Whether a batch is being collected (inside `performBatchUpdates` or `beginUpdates`).",
                          get: { $0.isUpdating }),
                property("visibleRows", "integer?",
                         "How many items have a cell, from `firstVisibleItem` (nil: all). Cells leaving the window go back to the reuse pool.",
                         writable: true),
                property("visibleItems", "integer?", "Collection-view name of `visibleRows`.", writable: true),
                .property("isLoaded", "Whether the view has asked its data source for its content yet.", get: { $0.isLoaded }),
                .property("firstVisibleItem", "The first visible item counted across sections (the scroll position; 0 by default).",
                          get: { $0.firstVisibleItem }),
                property("delegate", "ScriptViewDelegate|nil",
                         "Its delegate (`UITableViewDelegate` / `UICollectionViewDelegate` names; checked when set).", writable: true),
                property("prefetchDataSource", "ScriptPrefetchDataSource|nil", "Told about the rows ahead as the view scrolls.",
                         writable: true),
                property("allowsMultipleSelection", "boolean", "Whether a person's taps add to the selection (default false).",
                         writable: true),
                property("isEditing", "boolean", "Editing mode (`setEditing`): a table view shows reorder controls only while editing.",
                         writable: true),
                property("indexPathForSelectedRow", "IndexPath?", "The first selected row, nil when none."),
                property("indexPathsForSelectedRows", "IndexPath[]?", "The selected rows in order, nil when none."),
                property("indexPathsForSelectedItems", "IndexPath[]?", "Collection-view name of `indexPathsForSelectedRows`."),
                property("isHidden", "boolean", "A hidden view cannot be touched by `ripple.user` (default false).", writable: true),
            ],
            methods: [
                .custom("performBatchUpdates", "Collects the operations `fn` makes on its batch, then validates and applies them as one update.",
                        parameters: [.init("fn", "fun(batch: BatchUpdate)")]) { view, state in
                    let classes = try owner.get()
                    let function = try state.function(2)
                    try view.performBatchUpdates { batch in
                        state.push(function)
                        state.push(object: batch, class: classes.batch)
                        try state.pcall(arguments: 1, results: 0)
                    }
                    return 0
                },
                .method("beginUpdates", "Starts a batch (table view).") { view in
                    guard let table = view as? TableView else { throw ScriptingError("beginUpdates is a table view method") }
                    try table.beginUpdates()
                },
                .method("endUpdates", "Ends the batch started by `beginUpdates` and applies it (table view).") { view in
                    guard let table = view as? TableView else { throw ScriptingError("endUpdates is a table view method") }
                    try table.endUpdates()
                },
                .method("reloadData", "Asks the data source for everything again.") { try $0.reloadData() },
                .method("numberOfSections", "The number of sections on screen.") { try $0.numberOfSections() },
                numberOfItems("numberOfItemsInSection", "The number of items on screen in a section."),
                numberOfItems("numberOfRowsInSection", "Table-view name of `numberOfItemsInSection`."),
                cell(owner, "cellForItemAtIndexPath",
                     "The cell on screen at an index path (`.reuseIdentifier`, `.className` and the fields its prepare block set)."),
                cell(owner, "cellForRowAtIndexPath", "Table-view name of `cellForItemAtIndexPath`."),
                reconfigure(owner, "reconfigureItems", "Prepares the cells at index paths again, in place (no delete and insert).",
                            type: "IndexPath|IndexPath[]"),
                .custom("snapshot", "What is on screen: `{ { cells = { … }, supplementaryViews = { kind = { … } } }, … }`.",
                        returns: "table[]") { view, _ in
                    let sections = try view.snapshot()
                    try WorkBudget.charge(sections.reduce(1) { $0 + $1.slots.count } * WorkBudget.unitsPerItem)
                    try owner.get().pushSnapshot(sections)
                    return 1
                },
                .custom("describe", "One line per section of what is on screen (`0: [Ann, Bob]`).", returns: "string[]") { view, _ in
                    let sections = try view.snapshot()
                    try WorkBudget.charge(sections.reduce(1) { $0 + $1.slots.count } * WorkBudget.unitsPerItem)
                    try owner.get().engine.push(strings: sections.enumerated().map { "\($0.offset): \($0.element)" })
                    return 1
                },
                .custom("registerClass", "Registers a cell class for a reuse identifier (nil class removes it).",
                        parameters: [.init("className", "string?"), reuseIdentifier]) { view, state in
                    view.register(className: try state.optionalString(2), forCellWithReuseIdentifier: try state.string(3),
                                  prepareForReuse: try owner.get().prepareForReuse(state, at: 4))
                    return 0
                },
                .custom("register", """
                    Registers a cell class named after its reuse identifier (`register(_:forCellReuseIdentifier:)`); `prepareForReuse`
                    (a function or `{ prepareForReuse = fn }`) runs on a pooled cell before it is handed out again.
                    """, parameters: [reuseIdentifier, .init("prepareForReuse",
                        "(fun(cell: CollectionReusableView)|{ prepareForReuse: fun(cell: CollectionReusableView) })?")]) { view, state in
                    let identifier = try state.string(2)
                    view.register(className: identifier, forCellWithReuseIdentifier: identifier,
                                  prepareForReuse: try owner.get().prepareForReuse(state, at: 3))
                    return 0
                },
                .custom("dequeueReusableCell", """
                    A cell for a registered identifier (`dequeueReusableCell(withReuseIdentifier:for:)`): the most recently
                    pooled one, or a new empty cell; UIKit's error when nothing is registered for the identifier.
                    """, parameters: [reuseIdentifier, indexPath], returns: "CollectionReusableView") { view, state in
                    let classes = try owner.get()
                    let cell = try view.dequeueReusableCell(withReuseIdentifier: try state.string(2),
                                                            for: try classes.engine.checkIndexPath(state, 3))
                    state.push(object: cell, class: classes.reusableView)
                    return 1
                },
                .custom("registerClassForSupplementaryViewOfKind",
                        "Registers a supplementary view class for a kind and reuse identifier (nil class removes it).",
                        parameters: [.init("className", "string?"), .init("kind", "string"), reuseIdentifier]) { view, state in
                    view.register(className: try state.optionalString(2), forSupplementaryViewOfKind: try state.string(3),
                                  withReuseIdentifier: try state.string(4))
                    return 0
                },
                .custom("dequeueReusableSupplementaryView",
                        "An empty supplementary view of a registered kind and identifier (`dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`).",
                        parameters: [.init("kind", "string"), reuseIdentifier, indexPath], returns: "CollectionReusableView") { view, state in
                    let classes = try owner.get()
                    let supplementary = try view.dequeueReusableSupplementaryView(
                        ofKind: try state.string(2), withReuseIdentifier: try state.string(3),
                        for: try classes.engine.checkIndexPath(state, 4))
                    state.push(object: supplementary, class: classes.reusableView)
                    return 1
                },
                .custom("numberOfReusableCells", "The number of cells waiting in the reuse pool of an identifier.",
                        parameters: [reuseIdentifier], returns: "integer") { view, state in
                    state.push(view.numberOfReusableCells(withReuseIdentifier: try state.string(2)))
                    return 1
                },
                scroll(owner, "scrollToItemAtIndexPath", """
                    Makes the item at an index path the first visible one (`scrollToItem(at:)`): cells that leave the window
                    go to the pool, items that enter it get a cell.
                    """),
                scroll(owner, "scrollToRowAtIndexPath", "Table-view name of `scrollToItemAtIndexPath`."),
                visible(owner, "indexPathsForVisibleItems", "The index paths of the items that have a cell, in order."),
                visible(owner, "indexPathsForVisibleRows", "Table-view name of `indexPathsForVisibleItems`."),
                .custom("sectionIndexTitles", "The section index titles of a script data source (its `sectionIndexTitles`), nil without them.",
                        returns: "string[]?") { view, state in
                    if let source = view.dataSource as? LuaCollectionViewDataSource, let titles = try source.sectionIndexTitles(view) {
                        try owner.get().engine.push(strings: titles)
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
            ] + selectionMethods(owner),
            describe: { view in (view is TableView ? "TableView(" : "CollectionView(") + view.name + ")" }
        ).adopting(batchUpdating) { member in
            batchOperation(member, owner) { view, operation in try view.update(operation) }
        }
    }

    private static func numberOfItems(_ name: String, _ doc: String) -> LuaMethodDeclaration<CollectionView> {
        .custom(name, doc, parameters: [.init("section", "integer")], returns: "integer") { view, state in
            state.push(try view.numberOfItems(inSection: try state.integer(2)))
            return 1
        }
    }

    private static func cell(_ owner: CollectionViewClassesReference, _ name: String, _ doc: String) -> LuaMethodDeclaration<CollectionView> {
        .custom(name, doc, parameters: [.init("indexPath", "IndexPath")], returns: "CollectionReusableView?") { view, state in
            let classes = try owner.get()
            if let cell = try view.cellForItem(at: try classes.engine.checkIndexPath(state, 2)) {
                state.push(object: cell, class: classes.reusableView)
            } else {
                state.pushNil()
            }
            return 1
        }
    }

    static func reconfigure(_ owner: CollectionViewClassesReference, _ name: String, _ doc: String,
                            type: String) -> LuaMethodDeclaration<CollectionView> {
        .custom(name, doc, parameters: [.init("indexPaths", type)]) { view, state in
            try view.reconfigureItems(at: try owner.get().indexPaths(state, 2))
            return 0
        }
    }

    private static func scroll(_ owner: CollectionViewClassesReference, _ name: String, _ doc: String) -> LuaMethodDeclaration<CollectionView> {
        .custom(name, doc, parameters: [.init("indexPath", "IndexPath")]) { view, state in
            try view.scrollToItem(at: try owner.get().engine.checkIndexPath(state, 2))
            return 0
        }
    }

    private static func visible(_ owner: CollectionViewClassesReference, _ name: String, _ doc: String) -> LuaMethodDeclaration<CollectionView> {
        .custom(name, doc, returns: "IndexPath[]") { view, state in
            let engine = try owner.get().engine
            let paths = try view.indexPathsForVisibleItems()
            state.newTable(arrayCount: Int32(paths.count), recordCount: 0)
            for (i, p) in paths.enumerated() {
                engine.push(indexPath: p)
                state.rawSet(tableAt: -2, index: i + 1)
            }
            return 1
        }
    }

    /// Cells and supplementary views: `reuseIdentifier`, `className`, `elementKind`, and any other key is
    /// the script's content (`cell.text = "Ann"`).
    static func reusableViewDeclaration(_ owner: CollectionViewClassesReference) -> LuaOpenClassDeclaration {
        LuaOpenClassDeclaration(LuaClassDeclaration<CollectionReusableView>(
            "CollectionReusableView", "A cell or supplementary view; prepare blocks set any other field on it (`cell.text = …`).",
            properties: [
                .property("reuseIdentifier", "", get: { $0.reuseIdentifier }),
                .property("className", "", get: { $0.className }),
                .property("elementKind", "The supplementary kind, nil for a cell.", get: { $0.elementKind }),
            ],
            describe: { "\($0.reuseIdentifier) \($0)" }
        ), openFields: LuaOpenFields<CollectionReusableView>(
            anyKey: .init("The content the prepare blocks set (`cell.text`)."),
            read: { view, key, state in
                let value = view[key]
                if value.isNull { state.pushNil() } else { try owner.get().engine.push(value) }
            },
            write: { view, key, _, value in
                view[key] = try owner.get().engine.value(at: value)
            }))
    }
}
