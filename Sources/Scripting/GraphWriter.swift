import ObjectGraph
import ViewControllers

/// Pictures of a model and of a window's screens, in Graphviz DOT and Mermaid. The output is
/// deterministic: entities and keys sorted as the model sorts them, controllers in hierarchy order.
///
/// A model shows each entity with its attributes (type, `?` when optional, default, transient) and derived
/// properties (their expression or `dependsOn` key paths); each relationship once, with its inverse, both
/// delete rules and crow's-foot cardinalities; and, dashed (DOT), each derived property that depends on
/// another entity's keys, drawn from that entity to the one whose value it changes.
///
/// Screens show the window, its root, navigation stacks (`[i]`), tabs (`[i]`, `selected`), child
/// controllers and presentations (dashed, with the presentation style); visible controllers are bold.
///
/// ```swift
/// print(GraphWriter.model(model, format: .dot))
/// print(GraphWriter.screens(window, format: .mermaid))
/// ```
public enum GraphWriter {
    /// The model as a DOT `digraph` or a Mermaid `erDiagram`.
    public static func model(_ model: ManagedObjectModel, format: GraphFormat, name: String = "Model") -> String {
        switch format {
        case .dot: return "digraph " + quoted(name) + " {\n" + modelBody(model, indent: "  ") + "}\n"
        case .mermaid: return mermaidModel(model)
        }
    }

    /// The window's hierarchy as a DOT `digraph` or a Mermaid `flowchart`.
    public static func screens(_ window: Window, format: GraphFormat, name: String = "Screens") -> String {
        switch format {
        case .dot: return "digraph " + quoted(name) + " {\n" + screensBody(window, prefix: "vc", indent: "  ") + "}\n"
        case .mermaid: return mermaidScreens(window)
        }
    }

    /// Models and windows in one DOT graph, one cluster each (a single graph, so `dot -Tsvg` gives one
    /// valid SVG).
    /// With a ``GraphWiring``, a last cluster shows how fetched-results controllers reach the views.
    public static func dot(models: [ManagedObjectModel], windows: [Window], wiring: GraphWiring? = nil,
                           name: String = "Ripple") -> String {
        var text = "digraph " + quoted(name) + " {\n  graph [fontname=\"Helvetica\"];\n"
        for (i, model) in models.enumerated() {
            let label = models.count == 1 ? "Model" : "Model \(i + 1)"
            text += "  subgraph " + quoted("cluster_model\(i + 1)") + " {\n    label=" + quoted(label) + ";\n"
            text += modelBody(model, indent: "    ", prefix: models.count == 1 ? "" : "m\(i + 1)_")
            text += "  }\n"
        }
        for (i, window) in windows.enumerated() {
            let label = windows.count == 1 ? "Screens" : "Window \(i + 1)"
            text += "  subgraph " + quoted("cluster_window\(i + 1)") + " {\n    label=" + quoted(label) + ";\n"
            text += screensBody(window, prefix: "w\(i + 1)_", indent: "    ")
            text += "  }\n"
        }
        if let wiring, !wiring.isEmpty {
            text += "  subgraph \"cluster_wiring\" {\n    label=\"Fetched results to screens\";\n"
            text += wiring.dotBody(prefix: "wiring_", indent: "    ") + "  }\n"
        }
        return text + "}\n"
    }

    /// A DOT or Mermaid string literal body: `"` and `\` escaped, newlines as `\n`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for c in text {
            switch c {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(c)
            }
        }
        return result + "\""
    }

    // MARK: - Model

    /// One attribute as a line: `name: string?`, `since: date = 0`, `note: string (transient)`.
    static func describe(_ attribute: AttributeDescription) -> String {
        var line = attribute.name + ": " + attribute.type.rawValue + (attribute.isOptional ? "?" : "")
        if let value = attribute.defaultValue { line += " = " + value.description }
        if attribute.isTransient { line += " (transient)" }
        return line
    }

    /// How a derived property is computed: `orders.@count` or `f(name, orders.total)`.
    static func derivation(_ derived: DerivedPropertyDescription) -> String {
        switch derived.derivation {
        case .expression(let text): return text
        case .function(let keyPaths, _): return "f(" + keyPaths.joined(separator: ", ") + ")"
        }
    }

    /// The entity whose key a derived key path finally reads, when it leaves `entity`, with that key.
    static func source(of keyPath: String, from entity: EntityDescription, in model: ManagedObjectModel)
        -> (EntityDescription, String)? {
        var current = entity
        var left = false
        for part in keyPath.split(separator: ".").map(String.init) where !part.hasPrefix("@") {
            guard let relationship = current.relationship(named: part),
                  let destination = model.entity(named: relationship.destinationEntityName) else {
                return left ? (current, part) : nil
            }
            current = destination
            left = true
        }
        return left ? (current, "self") : nil
    }

    /// Each relationship once: with its inverse when it has one (the pair is drawn from the entity whose
    /// name sorts first).
    static func relationshipPairs(_ model: ManagedObjectModel)
        -> [(EntityDescription, RelationshipDescription, EntityDescription, RelationshipDescription?)] {
        var result: [(EntityDescription, RelationshipDescription, EntityDescription, RelationshipDescription?)] = []
        var drawn: Set<String> = []
        // An inherited relationship is drawn once, from the entity that declares it.
        func declaring(_ key: String, _ entity: EntityDescription) -> EntityDescription {
            var current = entity
            while let parent = current.superentity, parent.slots[key] != nil { current = parent }
            return current
        }
        for entity in model.entities {
            for relationship in entity.declaredRelationships {
                guard let destination = model.entity(named: relationship.destinationEntityName),
                      !drawn.contains(entity.name + "." + relationship.name) else { continue }
                let inverse = relationship.inverseName.flatMap { destination.relationship(named: $0) }
                drawn.insert(entity.name + "." + relationship.name)
                if let inverse { drawn.insert(declaring(inverse.name, destination).name + "." + inverse.name) }
                result.append((entity, relationship, destination, inverse))
            }
        }
        return result
    }

    static func modelBody(_ model: ManagedObjectModel, indent: String, prefix: String = "") -> String {
        var text = indent + "node [shape=box, fontname=\"Helvetica\"];\n"
        text += indent + "edge [fontname=\"Helvetica\", fontsize=10];\n"
        for entity in model.entities {
            // A sub-entity lists its own properties; an arrow to its parent stands for the inherited ones.
            var lines = entity.declaredAttributes.map(describe)
            lines += entity.declaredDerivedProperties.map { $0.name + " = " + derivation($0) + " (derived)" }
            if entity.isAbstract { lines.insert("(abstract)", at: 0) }
            // U+0001 marks DOT's left-justified line ends (`\l`), put in after quoting.
            let label = entity.name + (lines.isEmpty ? "" : "\n\n" + lines.map { $0 + "\u{1}" }.joined())
            let literal = quoted(label).split(separator: "\u{1}", omittingEmptySubsequences: false).joined(separator: "\\l")
            text += indent + quoted(prefix + entity.name) + " [label=" + literal + "];\n"
        }
        for entity in model.entities {
            guard let parent = entity.superentity else { continue }
            text += indent + quoted(prefix + entity.name) + " -> " + quoted(prefix + parent.name)
                + " [arrowhead=empty, style=bold, label=\"parent\"];\n"
        }
        for (entity, relationship, destination, inverse) in relationshipPairs(model) {
            var label = relationship.name + " (" + relationship.deleteRule.rawValue + ")"
            var attributes = "arrowhead=" + (relationship.isToMany ? "crow" : "tee")
            if let inverse {
                label += " / " + inverse.name + " (" + inverse.deleteRule.rawValue + ")"
                attributes = "dir=both, arrowtail=" + (inverse.isToMany ? "crow" : "tee") + ", " + attributes
            } else {
                label += ", no inverse"
            }
            text += indent + quoted(prefix + entity.name) + " -> " + quoted(prefix + destination.name)
                + " [" + attributes + ", label=" + quoted(label) + "];\n"
        }
        for entity in model.entities {
            for derived in entity.declaredDerivedProperties {
                var seen: Set<String> = []
                for keyPath in derived.dependencies {
                    guard let (source, _) = source(of: keyPath, from: entity, in: model),
                          seen.insert(source.name + keyPath).inserted else { continue }
                    text += indent + quoted(prefix + source.name) + " -> " + quoted(prefix + entity.name)
                        + " [style=dashed, arrowhead=open, label=" + quoted(keyPath + " → " + derived.name) + "];\n"
                }
            }
        }
        return text
    }

    /// Mermaid's crow's-foot marker for one end of a relationship line.
    static func marker(_ relationship: RelationshipDescription?, left: Bool) -> String {
        guard let relationship else { return left ? "}o" : "o{" }
        if relationship.isToMany {
            let required = (relationship.minCount ?? 0) > 0
            return left ? (required ? "}|" : "}o") : (required ? "|{" : "o{")
        }
        return left ? (relationship.isOptional ? "|o" : "||") : (relationship.isOptional ? "o|" : "||")
    }

    static func mermaidModel(_ model: ManagedObjectModel) -> String {
        var text = "erDiagram\n"
        for entity in model.entities {
            var rows: [String] = []
            for attribute in entity.attributes {
                var notes: [String] = []
                if attribute.isOptional { notes.append("optional") }
                if let value = attribute.defaultValue { notes.append("default " + value.description) }
                if attribute.isTransient { notes.append("transient") }
                rows.append(attribute.type.rawValue + " " + attribute.name
                            + (notes.isEmpty ? "" : " " + quoted(notes.joined(separator: ", "))))
            }
            for derived in entity.derivedProperties {
                rows.append("derived " + derived.name + " " + quoted(derivation(derived)))
            }
            if let parent = entity.superentity { rows.append("parent " + parent.name + " " + quoted("inherits its properties")) }
            if entity.isAbstract { rows.append("abstract " + entity.name + " " + quoted("no instances of its own")) }
            if rows.isEmpty {
                text += "  " + entity.name + "\n"
            } else {
                text += "  " + entity.name + " {\n" + rows.map { "    " + $0 + "\n" }.joined() + "  }\n"
            }
        }
        for (entity, relationship, destination, inverse) in relationshipPairs(model) {
            var label = relationship.name + " (" + relationship.deleteRule.rawValue + ")"
            if let inverse { label += " / " + inverse.name + " (" + inverse.deleteRule.rawValue + ")" }
            text += "  " + entity.name + " " + marker(inverse, left: true) + "--" + marker(relationship, left: false)
                + " " + destination.name + " : " + quoted(label) + "\n"
        }
        return text
    }
}
