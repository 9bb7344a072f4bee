import CollectionViews
import FetchedResults
import LuaBridge
import ViewControllers

/// How a script's fetched-results controllers reach its screens: each controller, its delegate, the view
/// controller that keeps it, the table and collection views, and their data sources (`ripple graph` draws
/// it as a cluster of its own). Nodes are numbered in the order the script made the things they stand for.
///
/// ```swift
/// let wiring = recorder.wiring()
/// wiring.edges   // [("frc1", "vc1", "delegate"), ("vc1", "view1", "shows"), ("view1", "vc1", "dataSource"), …]
/// ```
public struct GraphWiring: Sendable {
    /// A thing of the picture: an id, its label, and a Graphviz shape.
    public struct Node: Sendable, Equatable {
        /// The node's id (`frc1`, `vc2`, `view1`, `lua3`).
        public var id: String
        /// What it is (`FetchedResultsController "Persons" (Person in viewContext)`).
        public var label: String
        /// `box`, `component` (views), `cylinder` (controllers), `note` (Lua tables).
        public var shape: String
    }

    /// One wire: `from` → `to`, labelled (`delegate`, `dataSource`, `shows`, `keeps`).
    public struct Edge: Sendable, Equatable {
        /// The node the wire starts at.
        public var from: String
        /// The node it goes to.
        public var to: String
        /// What the wire is.
        public var label: String
    }

    /// The nodes, in order.
    public var nodes: [Node] = []
    /// The wires, in order.
    public var edges: [Edge] = []

    /// Creates an empty wiring.
    public init() {}

    /// Whether there is nothing to draw.
    public var isEmpty: Bool { nodes.isEmpty }

    /// The DOT statements (nodes and edges) with `prefix` on every id.
    func dotBody(prefix: String, indent: String) -> String {
        var text = indent + "node [fontname=\"Helvetica\"];\n" + indent + "edge [fontname=\"Helvetica\", fontsize=10];\n"
        for node in nodes {
            text += indent + GraphWriter.quoted(prefix + node.id) + " [label=" + GraphWriter.quoted(node.label)
                + ", shape=" + node.shape + "];\n"
        }
        for edge in edges {
            text += indent + GraphWriter.quoted(prefix + edge.from) + " -> " + GraphWriter.quoted(prefix + edge.to)
                + " [label=" + GraphWriter.quoted(edge.label) + "];\n"
        }
        return text
    }

    /// A Mermaid flowchart.
    public var mermaid: String {
        var text = "flowchart LR\n"
        for node in nodes {
            let label = GraphWriter.mermaidLabel(node.label)
            text += "  " + node.id + (node.shape == "cylinder" ? "[(" + label + ")]" : node.shape == "note" ? ">" + label + "]" : "[" + label + "]") + "\n"
        }
        for edge in edges { text += "  " + edge.from + " -->|" + GraphWriter.mermaidLabel(edge.label) + "| " + edge.to + "\n" }
        return text
    }
}

extension ReportRecorder {
    /// The wiring of the fetched-results controllers, views, view controllers and data sources the script
    /// made (see ``GraphWiring``).
    public func wiring() -> GraphWiring {
        var wiring = GraphWiring()
        var ids: [ObjectIdentifier: String] = [:]
        var counts: [String: Int] = [:]
        func node(_ object: AnyObject, _ kind: String, _ label: @autoclosure () -> String, shape: String) -> String {
            if let id = ids[ObjectIdentifier(object)] { return id }
            counts[kind, default: 0] += 1
            let id = kind + String(counts[kind]!)
            ids[ObjectIdentifier(object)] = id
            wiring.nodes.append(.init(id: id, label: label(), shape: shape))
            return id
        }
        func controllerNode(_ vc: ViewController) -> String {
            node(vc, "vc", vc.typeName + (vc.title.map { " \"" + $0 + "\"" } ?? ""), shape: "box")
        }
        func frcNode(_ frc: FetchedResultsController) -> String {
            node(frc, "frc", "FetchedResultsController \"" + frc.name + "\" (" + frc.fetchRequest.entityName + " in "
                 + frc.managedObjectContext.name + (frc.sectionNameKeyPath.map { ", sections by " + $0 } ?? "") + ")", shape: "cylinder")
        }
        func wire(_ from: String, _ to: String, _ label: String) {
            let edge = GraphWiring.Edge(from: from, to: to, label: label)
            if !wiring.edges.contains(edge) { wiring.edges.append(edge) }
        }
        /// The node of a Lua value held by a ref: its view controller, or a Lua table of its own.
        func luaNode(_ ref: LuaRef, owner: AnyObject, what: String) -> String {
            let state = engine.state
            state.push(ref)
            defer { state.pop() }
            if let vc = state.object(at: -1, as: ViewController.self) { return controllerNode(vc) }
            return node(owner, "lua", what + " (a Lua " + state.typeName(at: -1) + ")", shape: "note")
        }
        let owners = ownership()
        for box in controllers {
            guard let frc = box.value else { continue }
            let id = frcNode(frc)
            switch frc.delegate {
            case let lua as LuaFetchedResultsDelegate: wire(id, luaNode(lua.table, owner: lua, what: "delegate of " + frc.name), "delegate")
            case let source as FetchedCollectionViewDataSource:
                wire(id, node(source, "source", "FetchedCollectionViewDataSource", shape: "box"), "delegate")
            default: break
            }
        }
        for box in views {
            guard let view = box.value else { continue }
            let id = node(view, "view", (view is TableView ? "table view \"" : "collection view \"") + view.name + "\"", shape: "component")
            if let vc = owners.viewOwners[ObjectIdentifier(view)] { wire(controllerNode(vc), id, "shows") }
            switch view.dataSource {
            case let lua as LuaCollectionViewDataSource: wire(id, luaNode(lua.object, owner: lua, what: "data source of " + view.name), "dataSource")
            case let source as FetchedCollectionViewDataSource:
                let sourceID = node(source, "source", "FetchedCollectionViewDataSource", shape: "box")
                wire(id, sourceID, "dataSource")
                if let frc = source.fetchedResultsController { wire(frcNode(frc), sourceID, "delegate") }
            case let source?:
                wire(id, node(source as AnyObject, "source", String(describing: type(of: source)), shape: "box"), "dataSource")
            case nil: break
            }
        }
        // The controllers that keep fetched-results controllers, in the order the wiring met them first.
        for (vc, fetches) in owners.controllerFetches.values.sorted(by: { order(of: $0.controller) < order(of: $1.controller) }) {
            for frc in fetches { wire(controllerNode(vc), frcNode(frc), "keeps") }
        }
        func order(of vc: ViewController) -> (Int, String) {
            guard let id = ids[ObjectIdentifier(vc)] else { return (Int.max, vc.title ?? vc.typeName) }
            return (Int(id.dropFirst(2)) ?? Int.max, "")
        }
        return wiring
    }
}
