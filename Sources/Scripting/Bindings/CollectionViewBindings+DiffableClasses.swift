import CollectionViews
import LuaBridge
import ObjectGraph

/// How the closures of a declaration reach the engine's collection-view classes: weakly (the classes hold
/// the `LuaClass` made from the declaration), and not at all in the declarations made for the annotations.
struct CollectionViewClassesReference {
    /// The classes, while the engine lives.
    weak var classes: CollectionViewClasses?

    /// The classes, or an error once they are gone.
    func get() throws -> CollectionViewClasses {
        guard let classes else { throw ScriptingError("the collection-view classes of this engine are gone") }
        return classes
    }
}

extension BridgeClasses {
    /// `Snapshot` and `DiffableDataSource` as the annotations see them (their closures are never run).
    static let diffableDeclarations: [any LuaClassDescribing] = [
        CollectionViewClasses.snapshotDeclaration(CollectionViewClassesReference()),
        CollectionViewClasses.diffableDataSourceDeclaration(CollectionViewClassesReference()),
    ]
}

extension CollectionViewClasses {
    func makeSnapshot() -> LuaClass {
        Self.snapshotDeclaration(CollectionViewClassesReference(classes: self)).makeClass { key, writing in
            writing ? nil : undefinedKeyMessage(key, of: "Snapshot")
        }
    }

    func makeDiffableDataSource() -> LuaClass {
        Self.diffableDataSourceDeclaration(CollectionViewClassesReference(classes: self)).makeClass { key, writing in
            writing ? nil : undefinedKeyMessage(key, of: "DiffableDataSource")
        }
    }

    /// `ripple.snapshot()`'s values (`NSDiffableDataSourceSnapshot`).
    static func snapshotDeclaration(_ owner: CollectionViewClassesReference) -> LuaClassDeclaration<SnapshotBox> {
        typealias Mutation = (CollectionViewClasses, inout DiffableDataSourceSnapshot, LuaState) throws -> [DiffableSnapshotWarning]
        /// A method that changes the snapshot in place and records UIKit's warnings in the trace.
        func mutating(_ name: String, _ doc: String, _ parameters: [LuaParameterDeclaration],
                      _ body: @escaping Mutation) -> LuaMethodDeclaration<SnapshotBox> {
            .custom(name, doc, parameters: parameters) { box, state in
                let classes = try owner.get()
                var copy = box.value
                let warnings = try body(classes, &copy, state)
                box.value = copy
                box.fetchedNames = nil
                for warning in warnings { classes.engine.log.record(TraceEvent(.diffableWarning(warning))) }
                return 0
            }
        }
        /// A method that reads the snapshot: one identifier argument, one result.
        func reading(_ name: String, _ doc: String, _ parameter: String, returns: String,
                     _ body: @escaping (CollectionViewClasses, DiffableDataSourceSnapshot, DiffableIdentifier, LuaState) throws -> Void)
            -> LuaMethodDeclaration<SnapshotBox> {
            .custom(name, doc, parameters: [.init(parameter, "ItemIdentifier")], returns: returns) { box, state in
                let classes = try owner.get()
                try body(classes, box.value, try classes.identifier(at: 2), state)
                return 1
            }
        }
        /// An identifiers property.
        func identifiers(_ name: String, _ doc: String,
                         _ get: @escaping (DiffableDataSourceSnapshot) -> [DiffableIdentifier]) -> LuaPropertyDeclaration<SnapshotBox> {
            .custom(name, type: "ItemIdentifier[]", doc, get: { box, _ in try owner.get().push(identifiers: get(box.value)) })
        }
        let ids = LuaParameterDeclaration("identifiers", "ItemIdentifier|ItemIdentifier[]")
        func id(_ name: String) -> LuaParameterDeclaration { .init(name, "ItemIdentifier") }
        return LuaClassDeclaration<SnapshotBox>(
            "Snapshot",
            """
            A diffable snapshot (`NSDiffableDataSourceSnapshot`): sections and items by identifier. Mutable in place;
            `copy()` (and `dataSource:snapshot()`) give an independent copy. Misuse fails with UIKit's messages.
            """,
            properties: [
                identifiers("sectionIdentifiers", "The sections, in order.") { $0.sectionIdentifiers },
                identifiers("itemIdentifiers", "Every item, section after section.") { $0.itemIdentifiers },
                .property("numberOfItems", "The number of items.", get: { $0.value.numberOfItems }),
                .property("numberOfSections", "The number of sections.", get: { $0.value.numberOfSections }),
                identifiers("reloadedItemIdentifiers", "The items marked by `reloadItems`.") { $0.reloadedItemIdentifiers },
                identifiers("reconfiguredItemIdentifiers", "The items marked by `reconfigureItems`.") {
                    $0.reconfiguredItemIdentifiers
                },
                .property("description", "`main: a, b; other: c`.", get: { $0.fetchedDescription ?? $0.value.description }),
            ],
            methods: [
                mutating("appendSections", "Appends sections (one identifier or an array); one supplied twice or already there is an error.",
                         [ids]) { c, s, _ in try s.appendSections(try c.identifiers(at: 2)); return [] },
                mutating("insertSectionsBeforeSection", "Inserts sections before a section.", [ids, id("section")]) { c, s, _ in
                    try s.insertSections(try c.identifiers(at: 2), relativeTo: try c.identifier(at: 3), after: false); return []
                },
                mutating("insertSectionsAfterSection", "Inserts sections after a section.", [ids, id("section")]) { c, s, _ in
                    try s.insertSections(try c.identifiers(at: 2), relativeTo: try c.identifier(at: 3), after: true); return []
                },
                mutating("deleteSections", "Deletes sections with their items (unknown ones are ignored).", [ids]) { c, s, _ in
                    s.deleteSections(try c.identifiers(at: 2)); return []
                },
                mutating("moveSectionBeforeSection", "Moves a section before another.", [id("section"), id("before")]) { c, s, _ in
                    try s.moveSection(try c.identifier(at: 2), relativeTo: try c.identifier(at: 3), after: false); return []
                },
                mutating("moveSectionAfterSection", "Moves a section after another.", [id("section"), id("after")]) { c, s, _ in
                    try s.moveSection(try c.identifier(at: 2), relativeTo: try c.identifier(at: 3), after: true); return []
                },
                mutating("reloadSections", "Marks sections for reload.", [ids]) { c, s, _ in
                    try s.reloadSections(try c.identifiers(at: 2)); return []
                },
                mutating("appendItems",
                         "Appends items to a section (the last one when nil); an item the snapshot already has is moved, with UIKit's warning in the trace.",
                         [ids, .init("section", "ItemIdentifier?")]) { c, s, state in
                    let section = state.isNoneOrNil(3) ? nil : try c.identifier(at: 3)
                    return try s.appendItems(try c.identifiers(at: 2), toSection: section)
                },
                mutating("insertItemsBeforeItem", "Inserts items before an item.", [ids, id("item")]) { c, s, _ in
                    try s.insertItems(try c.identifiers(at: 2), relativeTo: try c.identifier(at: 3), after: false)
                },
                mutating("insertItemsAfterItem", "Inserts items after an item.", [ids, id("item")]) { c, s, _ in
                    try s.insertItems(try c.identifiers(at: 2), relativeTo: try c.identifier(at: 3), after: true)
                },
                mutating("deleteItems", "Deletes items (unknown ones are ignored).", [ids]) { c, s, _ in
                    s.deleteItems(try c.identifiers(at: 2)); return []
                },
                mutating("deleteAllItems", "Deletes every item and section.", []) { _, s, _ in s.deleteAllItems(); return [] },
                mutating("moveItemBeforeItem", "Moves an item before another.", [id("item"), id("before")]) { c, s, _ in
                    try s.moveItem(try c.identifier(at: 2), relativeTo: try c.identifier(at: 3), after: false); return []
                },
                mutating("moveItemAfterItem", "Moves an item after another.", [id("item"), id("after")]) { c, s, _ in
                    try s.moveItem(try c.identifier(at: 2), relativeTo: try c.identifier(at: 3), after: true); return []
                },
                mutating("reloadItems", "Marks items for reload (new cells on apply).", [ids]) { c, s, _ in
                    try s.reloadItems(try c.identifiers(at: 2)); return []
                },
                mutating("reconfigureItems", "Marks items for reconfiguration (the same cells prepared again on apply).",
                         [ids]) { c, s, _ in try s.reconfigureItems(try c.identifiers(at: 2)); return [] },
                reading("itemIdentifiersInSection", "The items of a section, in order; an error for an unknown section.",
                        "section", returns: "ItemIdentifier[]") { c, s, section, _ in
                    c.push(identifiers: try s.itemIdentifiers(inSection: section))
                },
                reading("numberOfItemsInSection", "The number of items of a section.", "section", returns: "integer") { _, s, section, state in
                    state.push(try s.numberOfItems(inSection: section))
                },
                reading("indexOfItem", "The 0-based index of an item among all items, or nil.", "item", returns: "integer?") { _, s, item, state in
                    if let i = s.indexOfItem(item) { state.push(i) } else { state.pushNil() }
                },
                reading("indexOfSection", "The 0-based index of a section, or nil.", "section", returns: "integer?") { _, s, section, state in
                    if let i = s.indexOfSection(section) { state.push(i) } else { state.pushNil() }
                },
                reading("sectionIdentifierForSectionContainingItem", "The section that holds an item, or nil.", "item",
                        returns: "ItemIdentifier?") { c, s, item, state in
                    if let id = s.sectionIdentifier(containingItem: item) { c.push(identifier: id) } else { state.pushNil() }
                },
                .custom("copy", "An independent copy.", returns: "Snapshot") { box, state in
                    state.push(object: SnapshotBox(box.value, fetchedNames: box.fetchedNames), class: try owner.get().snapshot)
                    return 1
                },
            ],
            describe: { "Snapshot(\($0.fetchedDescription ?? $0.value.description))" })
    }

    /// `ripple.tableViewDiffableDataSource` and `ripple.collectionViewDiffableDataSource`'s values.
    static func diffableDataSourceDeclaration(_ owner: CollectionViewClassesReference) -> LuaClassDeclaration<DiffableDataSource> {
        let view: (DiffableDataSource, LuaState) throws -> Void = { source, state in
            if let view = source.collectionView { try owner.get().push(view: view) } else { state.pushNil() }
        }
        return LuaClassDeclaration<DiffableDataSource>(
            "DiffableDataSource",
            """
            A diffable data source (`UITableViewDiffableDataSource` / `UICollectionViewDiffableDataSource`): applies
            snapshots to its view as batch updates of the difference.
            """,
            properties: [
                .custom("collectionView", type: "CollectionView?", "Its view.", get: view),
                .custom("tableView", type: "CollectionView?", "Its view (the same as `collectionView`).", get: view),
                .custom("supplementaryViewProvider",
                        type: "(fun(view: CollectionView, kind: string, indexPath: IndexPath): CollectionReusableView?)?",
                        "Makes headers and footers.",
                        get: { source, state in
                            if let ref = try owner.get().supplementaryProviderRefs[ObjectIdentifier(source)] {
                                state.push(ref)
                            } else {
                                state.pushNil()
                            }
                        },
                        set: { source, state, value in try owner.get().setSupplementaryViewProvider(of: source, state, value) }),
                .custom("supplementaryElementKinds", type: "string[]",
                        "The kinds `supplementaryViewProvider` is asked for, per section.",
                        get: { source, _ in try owner.get().engine.push(strings: source.supplementaryElementKinds) },
                        set: { source, state, value in try Self.setSupplementaryElementKinds(of: source, state, value) }),
            ],
            methods: [
                .custom("apply", """
                    Shows a snapshot: the difference from the current one as one batch update (`animatingDifferences`
                    defaults to true; false still diffs, without animation), reloads and reconfigurations included.
                    """, parameters: [.init("snapshot", "Snapshot"), .init("animatingDifferences", "boolean?")]) { source, state in
                    let box = try owner.get().checkSnapshot(state, 2)
                    try WorkBudget.charge((box.value.numberOfItems + source.snapshot().numberOfItems + 1) * WorkBudget.unitsPerItem)
                    try source.apply(box.value, animatingDifferences: state.isNoneOrNil(3) ? true : state.toBoolean(at: 3),
                                     objectNames: box.fetchedNames)
                    return 0
                },
                .custom("applySnapshotUsingReloadData", "Shows a snapshot with `reloadData` instead of a batch update.",
                        parameters: [.init("snapshot", "Snapshot")]) { source, state in
                    try source.applySnapshotUsingReloadData(try owner.get().checkSnapshot(state, 2).value)
                    return 0
                },
                .custom("snapshot", "A copy of the snapshot on screen.", returns: "Snapshot") { source, state in
                    state.push(object: SnapshotBox(source.snapshot()), class: try owner.get().snapshot)
                    return 1
                },
                .custom("itemIdentifierForIndexPath", "The item at an index path, or nil.",
                        parameters: [.init("indexPath", "IndexPath")], returns: "ItemIdentifier?") { source, state in
                    let classes = try owner.get()
                    if let id = source.itemIdentifier(for: try classes.engine.checkIndexPath(state, 2)) {
                        classes.push(identifier: id)
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
                .custom("indexPathForItemIdentifier", "The index path of an item, or nil.",
                        parameters: [.init("item", "ItemIdentifier")], returns: "IndexPath?") { source, _ in
                    let classes = try owner.get()
                    classes.engine.push(indexPath: source.indexPath(for: try classes.identifier(at: 2)))
                    return 1
                },
            ],
            describe: { _ in "DiffableDataSource" })
    }

    /// `dataSource.supplementaryViewProvider = fn | nil`.
    func setSupplementaryViewProvider(of source: DiffableDataSource, _ state: LuaState, _ value: Int32) throws {
        if state.isNoneOrNil(value) {
            source.supplementaryViewProvider = nil
            supplementaryProviderRefs[ObjectIdentifier(source)] = nil
            return
        }
        let function = try state.function(value)
        supplementaryProviderRefs[ObjectIdentifier(source)] = function
        source.supplementaryViewProvider = { [unowned self] view, kind, indexPath in
            try self.callSupplementaryProvider(function, view, kind, indexPath)
        }
    }

    /// `dataSource.supplementaryElementKinds = { "header", … }`.
    static func setSupplementaryElementKinds(of source: DiffableDataSource, _ state: LuaState, _ value: Int32) throws {
        guard state.type(at: value) == .table else {
            throw ScriptingError("supplementaryElementKinds must be a sequence of strings, got \(state.typeName(at: value))")
        }
        var kinds: [String] = []
        for i in 0..<state.rawLength(at: value) {
            state.rawGet(tableAt: value, index: i + 1)
            defer { state.pop() }
            guard state.type(at: -1) == .string, let kind = state.toString(at: -1) else {
                throw ScriptingError("supplementaryElementKinds item \(i + 1) must be a string, got \(state.typeName(at: -1))")
            }
            kinds.append(kind)
        }
        source.supplementaryElementKinds = kinds
    }
}
