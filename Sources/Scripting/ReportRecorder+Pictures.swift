import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph
import ViewControllers

/// The pictures of a step, as JSON: the screens (``screensPicture()``) and the controllers and objects
/// (``modelsPicture()``). Nothing here asks a data source, fires a fault or runs Lua code: a view is drawn
/// from what it loaded, an object from the values it holds.
extension ReportRecorder {
    /// Who shows which view, and which fetched-results controllers a view controller keeps: from the Lua
    /// values of every controller (`contacts.tableView = …`, `contacts.frc = …`) and from data sources that
    /// are controllers (`tv.dataSource = contacts`).
    struct Ownership {
        var viewOwners: [ObjectIdentifier: ViewController] = [:]
        var controllerViews: [ObjectIdentifier: [CollectionView]] = [:]
        var controllerFetches: [ObjectIdentifier: (controller: ViewController, fetches: [FetchedResultsController])] = [:]
    }

    /// Reads the controllers' Lua values (raw reads only; a failure leaves the map incomplete, never raises).
    func ownership() -> Ownership {
        var result = Ownership()
        let state = engine.state
        let top = state.top
        defer { state.setTop(top) }
        func own(_ view: CollectionView, _ vc: ViewController) {
            guard result.viewOwners[ObjectIdentifier(view)] == nil else { return }
            result.viewOwners[ObjectIdentifier(view)] = vc
            result.controllerViews[ObjectIdentifier(vc), default: []].append(view)
        }
        if let registry = engine.scriptedControllers {
            state.push(registry.instanceTables)
            try? state.forEachPair(inTableAt: -1) { key, value in
                guard let vc = state.object(at: key, as: ViewController.self), state.type(at: value) == .table else { return }
                try state.forEachPair(inTableAt: value) { _, field in
                    if let view = state.object(at: field, as: CollectionView.self) {
                        own(view, vc)
                    } else if let frc = state.object(at: field, as: LuaFetchedResultsController.self) {
                        result.controllerFetches[ObjectIdentifier(vc), default: (vc, [])].fetches.append(frc.controller)
                    }
                }
            }
            state.setTop(top)
        }
        for box in views {
            guard let view = box.value, let source = view.dataSource as? LuaCollectionViewDataSource else { continue }
            state.push(source.object)
            if let vc = state.object(at: -1, as: ViewController.self) { own(view, vc) }
            state.pop()
        }
        return result
    }

    /// Every window and every view the script made, as JSON.
    func screensPicture() -> String {
        let owners = ownership()
        var drawn = Set<ObjectIdentifier>()
        var windows: [String] = []
        for (i, window) in engine.createdWindows.enumerated() {
            var json = ReportJSON.Object()
            json.add("title", "Window \(i + 1)")
            if let root = window.rootViewController {
                json.addRaw("root", controller(root, owners, &drawn, visible: Set(window.visibleViewControllers.map(ObjectIdentifier.init))))
            }
            windows.append(json.text)
        }
        // Controllers outside any window that show a view, then views nobody shows.
        var loose: [String] = []
        var seen = Set<ObjectIdentifier>()
        for box in views {
            guard let view = box.value, !drawn.contains(ObjectIdentifier(view)) else { continue }
            if let vc = owners.viewOwners[ObjectIdentifier(view)], vc.window == nil {
                guard seen.insert(ObjectIdentifier(vc)).inserted else { continue }
                var top = vc
                while let parent = top.parent { top = parent }
                loose.append(controller(top, owners, &drawn, visible: []))
            }
        }
        var lonely: [String] = []
        for box in views {
            guard let view = box.value, !drawn.contains(ObjectIdentifier(view)) else { continue }
            drawn.insert(ObjectIdentifier(view))
            lonely.append(picture(of: view, owner: nil, marked: Set(batchedViews[ObjectIdentifier(view)] ?? [])))
        }
        var json = ReportJSON.Object()
        json.addRaw("windows", ReportJSON.array(windows))
        json.addRaw("controllers", ReportJSON.array(loose))
        json.addRaw("views", ReportJSON.array(lonely))
        return json.text
    }

    /// A controller and what it contains: a navigation stack, tabs, children, its views, what it presents.
    func controller(_ vc: ViewController, _ owners: Ownership, _ drawn: inout Set<ObjectIdentifier>,
                    visible: Set<ObjectIdentifier>) -> String {
        var json = ReportJSON.Object()
        json.add("type", vc.typeName)
        json.add("title", vc.title.map { ReportJSON.clip($0, limits.textLength) })
        json.add("visible", visible.contains(ObjectIdentifier(vc)))
        let kids = vc.children.map { controller($0, owners, &drawn, visible: visible) }
        if vc is NavigationController {
            json.add("kind", "navigation")
        } else if let tabs = vc as? TabBarController {
            json.add("kind", "tabs")
            json.add("selected", tabs.selectedIndex)
        } else if let split = vc as? SplitViewController {
            json.add("kind", "split")
            json.add("collapsed", split.isCollapsed)
        } else {
            json.add("kind", "plain")
        }
        json.addRaw("children", ReportJSON.array(kids))
        var viewPictures: [String] = []
        for view in owners.controllerViews[ObjectIdentifier(vc)] ?? [] where drawn.insert(ObjectIdentifier(view)).inserted {
            viewPictures.append(picture(of: view, owner: vc, marked: Set(batchedViews[ObjectIdentifier(view)] ?? [])))
        }
        json.addRaw("views", ReportJSON.array(viewPictures))
        json.addRaw("dependencies", ReportJSON.strings(vc.dvc_dependencies.prefix(limits.objects).map(\.displayName)))
        if vc.parent == nil, let presented = vc.presentedViewController {
            json.add("presentationStyle", presented.modalPresentationStyle.rawValue)
            json.addRaw("presented", controller(presented, owners, &drawn, visible: visible))
        }
        return json.text
    }

    /// A table or collection view as it shows now: its sections with their header and footer, and the
    /// rows from the first visible one (``Limits/rowsPerView`` of them) plus the `marked` ones, each with
    /// its cell's fields (nil: the row has no cell, outside the visible window).
    func picture(of view: CollectionView, owner: ViewController?, marked: Set<IndexPath>) -> String {
        var json = ReportJSON.Object()
        json.add("id", viewNumbers[ObjectIdentifier(view)] ?? 0)
        json.add("name", ReportJSON.clip(view.name, limits.textLength))
        json.add("kind", view is TableView ? "table" : "collection")
        json.add("dataSource", describeDataSource(view.dataSource))
        json.add("batchUpdates", view.batchUpdateCount)
        guard let sections = view.loadedSections else {
            json.add("loaded", false)
            return json.text
        }
        json.add("loaded", true)
        json.add("firstVisible", view.firstVisibleItem)
        if let count = view.visibleItemCount { json.add("visibleCount", count) }
        let first = view.firstVisibleItem
        let last = first + min(limits.rowsPerView, view.visibleItemCount ?? limits.rowsPerView)
        var offset = 0
        var total = 0
        var pictures: [String] = []
        for (s, section) in sections.enumerated() {
            var sectionJSON = ReportJSON.Object()
            sectionJSON.add("count", section.numberOfItems)
            var supplementary: [String] = []
            for (kind, supplementaryView) in section.supplementaryViews {
                let title = supplementaryView["title"]
                let text = title.isNull ? supplementaryView["text"] : title
                supplementary.append(ReportJSON.strings([kind, text.isNull ? supplementaryView.description : text.reportText]
                    .map { ReportJSON.clip($0, limits.textLength) }))
            }
            sectionJSON.addRaw("supplementary", ReportJSON.array(supplementary))
            var items = Set<Int>()
            let lower = max(0, first - offset)
            let upper = min(section.numberOfItems, last - offset)
            if lower < upper { items.formUnion(lower..<upper) }
            for path in marked where path.section == s && path.item >= 0 && path.item < section.numberOfItems {
                items.insert(path.item)
            }
            var rows: [String] = []
            for item in items.sorted() {
                var fields: [String] = []
                if let cell = section.slots[item] {
                    let names = cell.fieldNames.sorted { ($0 == "text" ? 0 : 1, $0) < ($1 == "text" ? 0 : 1, $1) }
                    for name in names.prefix(8) {
                        fields.append(ReportJSON.strings([ReportJSON.clip(name, 60), ReportJSON.clip(cell[name].reportText, limits.textLength)]))
                    }
                    rows.append("[\(item)," + ReportJSON.array(fields) + "]")
                } else {
                    rows.append("[\(item),null]")
                }
            }
            sectionJSON.addRaw("rows", ReportJSON.array(rows))
            pictures.append(sectionJSON.text)
            offset += section.numberOfItems
            total += section.numberOfItems
        }
        json.add("total", total)
        json.addRaw("sections", ReportJSON.array(pictures))
        let selected = view.indexPathsForSelectedItems
        if !selected.isEmpty { json.addRaw("selected", ReportJSON.array(selected.prefix(limits.rowsPerView).map { "[\($0.section),\($0.item)]" })) }
        _ = owner
        return json.text
    }

    /// `a Lua object`, `the view controller "Contacts"`, `a diffable data source`, … (nil: none).
    func describeDataSource(_ source: CollectionViewDataSource?) -> String? {
        switch source {
        case nil: return nil
        case let lua as LuaCollectionViewDataSource:
            let state = engine.state
            state.push(lua.object)
            defer { state.pop() }
            if let vc = state.object(at: -1, as: ViewController.self) {
                return vc.typeName + (vc.title.map { " \"" + ReportJSON.clip($0, limits.textLength) + "\"" } ?? "")
            }
            return "a Lua " + state.typeName(at: -1)
        case is DiffableDataSource: return "a diffable data source"
        case is FetchedCollectionViewDataSource: return "a fetched collection-view data source"
        case is StaticCollectionViewDataSource: return "a static collection-view data source"
        case let other?: return String(describing: type(of: other))
        }
    }

    /// The fetched-results controllers and every context's registered objects, as JSON.
    func modelsPicture() -> String {
        var frcs: [String] = []
        for box in controllers {
            guard let frc = box.value else { continue }
            var json = ReportJSON.Object()
            json.add("name", ReportJSON.clip(frc.name, limits.textLength))
            json.add("entity", frc.fetchRequest.entityName)
            json.add("context", frc.managedObjectContext.name)
            json.add("sectionNameKeyPath", frc.sectionNameKeyPath)
            json.add("delegate", describeDelegate(frc.delegate))
            if let sections = frc.sections {
                json.add("objectCount", sections.reduce(0) { $0 + $1.numberOfObjects })
                json.addRaw("sections", ReportJSON.array(sections.prefix(limits.objects).map { section in
                    var s = ReportJSON.Object()
                    s.add("name", ReportJSON.clip(section.name, limits.textLength))
                    s.add("count", section.numberOfObjects)
                    s.addRaw("objects", ReportJSON.strings(section.objects.prefix(limits.objects).map(\.displayName)))
                    return s.text
                }))
            }
            frcs.append(json.text)
        }
        var contexts: [String] = []
        for context in engine.contexts {
            var json = ReportJSON.Object()
            json.add("name", context.name)
            let objects = context.registeredObjects
            json.add("count", objects.count)
            json.addRaw("objects", ReportJSON.array(objects.prefix(limits.objects).map(describe)))
            contexts.append(json.text)
        }
        var json = ReportJSON.Object()
        json.addRaw("fetchedResultsControllers", ReportJSON.array(frcs))
        json.addRaw("contexts", ReportJSON.array(contexts))
        return json.text
    }

    /// `["Person#1", "inserted", "firstName = Ann; lastName = Lee"]`: an object, its state and the values
    /// it holds (a fault's are not read).
    func describe(_ object: ManagedObject) -> String {
        var flags: [String] = []
        if object.isInserted { flags.append("inserted") }
        if object.isUpdated { flags.append("updated") }
        if object.isDeleted { flags.append("deleted") }
        if object.isFault { flags.append("fault") }
        var values: [String] = []
        if !object.isFault {
            for attribute in object.entity.attributes {
                guard let value = try? object.value(forKey: attribute.name) else { continue }
                values.append(attribute.name + " = " + ReportJSON.clip(value.reportText, limits.textLength))
            }
        }
        return ReportJSON.strings([object.displayName, flags.joined(separator: ", "), values.joined(separator: "; ")])
    }

    /// Who a controller's delegate is.
    func describeDelegate(_ delegate: FetchedResultsControllerDelegate?) -> String? {
        switch delegate {
        case nil: return nil
        case let lua as LuaFetchedResultsDelegate:
            let state = engine.state
            state.push(lua.table)
            defer { state.pop() }
            if let vc = state.object(at: -1, as: ViewController.self) {
                return vc.typeName + (vc.title.map { " \"" + ReportJSON.clip($0, limits.textLength) + "\"" } ?? "")
            }
            return "a Lua " + state.typeName(at: -1)
        case is FetchedCollectionViewDataSource: return "a fetched collection-view data source"
        case let other?: return String(describing: type(of: other))
        }
    }
}

extension Value {
    /// The value as a report shows it: a string as itself, anything else as it prints.
    var reportText: String {
        if case .string(let s) = self { return s }
        return description
    }
}
