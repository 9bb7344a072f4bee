/// Reads the XML of an Xcode data model (the `contents` file of a `.xcdatamodel`) into a
/// ``ManagedObjectModel``: every era of it, from Xcode 4's (`syncable="YES"`, `indexed`, an `<elements>`
/// layout block) to today's.
///
/// What the file says and Ripple simulates becomes the model; what Ripple keeps without simulating
/// (class names, user info, versioning identifiers, fetch indexes, fetched properties, configurations)
/// is stored in ``EntityDetails`` / ``PropertyDetails`` / the model; what Ripple does not simulate is a
/// warning naming the element and its line; layout (`<elements>`) and code-generation attributes are
/// ignored. Errors (malformed XML, an unknown attribute type, a relationship to a missing entity, a
/// dangling inverse, an unknown or cyclic parent entity) name the file and line, and nothing is returned.
///
/// ```swift
/// let loaded = try XcodeModelReader.load(path: "Model.xcdatamodeld")
/// loaded.model.entity(named: "Person")?.subentities
/// loaded.warnings   // ["Model.xcdatamodeld/Model.xcdatamodel/contents:12: …"]
/// ```
public struct XcodeModelReader {
    /// The file name used in messages.
    let file: String
    /// The warnings so far, `file:line: message`.
    private(set) var warnings: [String] = []

    /// A reader whose messages name `file`.
    public init(file: String) {
        self.file = file
    }

    /// A loaded model and what the reader had to say about it.
    public struct Result {
        /// The model.
        public var model: ManagedObjectModel
        /// Each warning as `file:line: message`, in file order.
        public var warnings: [String]
        /// The `contents` file read.
        public var contentsPath: String
    }

    /// Parses `contents` XML.
    /// - Throws: `.invalidModel` with `file:line: …`.
    public mutating func read(_ bytes: [UInt8]) throws -> ManagedObjectModel {
        let root = try ModelXMLElement.parse(bytes, file: file)
        guard root.name == "model" else {
            throw error(root, "the root element is <\(root.name)>, not <model>: this is not a Core Data model file")
        }
        checkAttributes(root, known: ["userDefinedModelVersionIdentifier"], ignored: Self.toolingModelAttributes)
        var entityElements: [ModelXMLElement] = []
        var templates: [ModelXMLElement] = []
        var configurations: [ModelXMLElement] = []
        for child in root.children {
            switch child.name {
            case "entity": entityElements.append(child)
            case "fetchRequest": templates.append(child)
            case "configuration": configurations.append(child)
            case "elements": continue // the diagram's layout
            default: warn(child, "<\(child.name)> is not part of a Core Data model Ripple knows; ignored")
            }
        }
        var entities: [EntityDescription] = []
        var lines: [String: ModelXMLElement] = [:]
        for element in entityElements {
            let entity = try readEntity(element)
            if let first = lines[entity.name] {
                throw error(element, "a second entity named \(entity.name) (the first is on line \(first.line))")
            }
            lines[entity.name] = element
            entities.append(entity)
        }
        try checkReferences(entities, elements: lines)
        let model: ManagedObjectModel
        do {
            model = try ManagedObjectModel(entities: entities)
        } catch let e as ObjectGraphError {
            // The model's own checks name an entity ("entity B declares …"): point at its line.
            throw ObjectGraphError(e.kind, code: e.code, "\(file)\(Self.lineOfEntity(in: e.message, lines).map { ":\($0)" } ?? ""): \(e.message)")
        }
        model.versionIdentifier = root.attribute("userDefinedModelVersionIdentifier").flatMap { $0.isEmpty ? nil : $0 }
        for element in templates {
            let (name, request) = try readTemplate(element, model: model)
            guard model.fetchRequestTemplates[name] == nil else {
                throw error(element, "a second fetch request template named \(name)")
            }
            model.fetchRequestTemplates[name] = request
        }
        for element in configurations {
            checkAttributes(element, known: ["name"], ignored: ["usedWithCloudKit"])
            var names: [String] = []
            for member in element.children {
                guard member.name == "memberEntity", let name = member.attribute("name") else {
                    warn(member, "<\(member.name)> in a configuration ignored (expected <memberEntity name=…>)")
                    continue
                }
                guard model.entity(named: name) != nil else {
                    throw error(member, "configuration \(element.attribute("name") ?? "") names an entity \(name) that the model does not have")
                }
                names.append(name)
            }
            model.configurations.append((element.attribute("name") ?? "", names))
        }
        return model
    }

    /// The line of the first entity a model error names (`entity Name` followed by a space, `:` or `.`).
    static func lineOfEntity(in message: String, _ elements: [String: ModelXMLElement]) -> Int? {
        let text = Array(message.utf8)
        var best: (offset: Int, line: Int)?
        for (name, element) in elements {
            for separator in [" ", ":", "."] {
                let needle = Array(("entity " + name + separator).utf8)
                guard needle.count <= text.count else { continue }
                for offset in 0...(text.count - needle.count) where text[offset..<offset + needle.count].elementsEqual(needle) {
                    if best == nil || offset < best!.offset { best = (offset, element.line) }
                    break
                }
            }
        }
        return best?.line
    }

    // MARK: - Entities

    private mutating func readEntity(_ element: ModelXMLElement) throws -> EntityDescription {
        checkAttributes(element, known: ["name", "representedClassName", "parentEntity", "isAbstract", "elementID",
                                         "renamingIdentifier", "versionHashModifier"],
                        ignored: ["syncable", "codeGenerationType", "className"])
        let name = try required(element, "name")
        var attributes: [AttributeDescription] = []
        var relationships: [RelationshipDescription] = []
        var constraints: [[String]] = []
        var details = EntityDetails()
        details.representedClassName = element.attribute("representedClassName")
        details.element = elementDetails(element)
        for child in element.children {
            switch child.name {
            case "attribute": attributes.append(try readAttribute(child, entity: name))
            case "relationship": relationships.append(try readRelationship(child, entity: name))
            case "fetchedProperty":
                let request = child.children.first { $0.name == "fetchRequest" }
                let propertyName = try required(child, "name")
                details.fetchedProperties.append(.init(name: propertyName, entityName: request?.attribute("entity") ?? "",
                                                       predicateFormat: request?.attribute("predicateString")))
                warn(child, "fetched property \(name).\(propertyName) is kept in the model description but not evaluated (reading it is an unknown key)")
            case "uniquenessConstraints":
                for constraint in expectChildren(child, named: "uniquenessConstraint", in: name) {
                    constraints.append(expectChildren(constraint, named: "constraint", in: name).compactMap { $0.attribute("value") })
                }
            case "fetchIndex":
                let elements = expectChildren(child, named: "fetchIndexElement", in: name).map {
                    (property: $0.attribute("property") ?? $0.attribute("expression") ?? "",
                     ascending: $0.attribute("order") != "descending", type: $0.attribute("type") ?? "Binary")
                }
                details.fetchIndexes.append(.init(name: child.attribute("name") ?? "", elements: elements))
            case "compoundIndexes":
                for (i, index) in expectChildren(child, named: "compoundIndex", in: name).enumerated() {
                    let keys = expectChildren(index, named: "index", in: name).compactMap { $0.attribute("value") }
                    details.fetchIndexes.append(.init(name: "compoundIndex\(i + 1)",
                                                      elements: keys.map { ($0, true, "Binary") }))
                }
            case "userInfo": continue // read by elementDetails
            default: warn(child, "<\(child.name)> in entity \(name) is not something Ripple knows; ignored")
            }
        }
        let entity = EntityDescription(name: name, attributes: attributes, relationships: relationships,
                                       uniquenessConstraints: constraints,
                                       superentityName: element.attribute("parentEntity"),
                                       isAbstract: try flag(element, "isAbstract"))
        entity.details = details
        return entity
    }

    /// Parent entities, relationship destinations and inverses, checked with the lines they are on.
    private func checkReferences(_ entities: [EntityDescription], elements: [String: ModelXMLElement]) throws {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for e in entities {
            let element = elements[e.name]!
            var seen: [String] = [e.name]
            var current = e
            while let parentName = current.superentityName {
                guard let parent = byName[parentName] else {
                    throw error(elements[current.name]!, "entity \(current.name) names a parent entity '\(parentName)' that the model does not have")
                }
                guard !seen.contains(parentName) else {
                    throw error(element, "entity \(e.name) is its own ancestor: a cycle of parent entities (\((seen + [parentName]).joined(separator: " → ")))")
                }
                seen.append(parentName)
                current = parent
            }
        }
        /// The relationship names of an entity and its ancestors.
        func hasRelationship(_ entityName: String, _ key: String) -> Bool {
            var next: String? = entityName
            var steps = 0
            while let name = next, let e = byName[name], steps < entities.count + 1 {
                if e.declaredRelationships.contains(where: { $0.name == key }) { return true }
                next = e.superentityName
                steps += 1
            }
            return false
        }
        for e in entities {
            let relationshipElements = elements[e.name]!.children.filter { $0.name == "relationship" }
            for (r, element) in zip(e.declaredRelationships, relationshipElements) {
                guard byName[r.destinationEntityName] != nil else {
                    throw error(element, "relationship \(e.name).\(r.name) points at an entity '\(r.destinationEntityName)' that the model does not have")
                }
                if let inverse = r.inverseName, !hasRelationship(r.destinationEntityName, inverse) {
                    throw error(element, "relationship \(e.name).\(r.name) names an inverse '\(inverse)' that entity \(r.destinationEntityName) does not have (a dangling inverse)")
                }
            }
        }
    }

    // MARK: - Attributes and relationships

    private mutating func readAttribute(_ element: ModelXMLElement, entity: String) throws -> AttributeDescription {
        checkAttributes(element, known: Self.attributeAttributes, ignored: ["syncable", "usesScalarValueType"])
        let name = try required(element, "name")
        let typeName = element.attribute("attributeType") ?? "Undefined"
        let transient = try flag(element, "transient")
        let mapping: AttributeType.XcodeMapping
        if let known = AttributeType.xcodeMapping(for: typeName) {
            mapping = known
        } else if typeName == "Undefined" && transient {
            mapping = .init(type: .binary, isStandIn: true)
            warn(element, "transient attribute \(entity).\(name) has no type (Undefined): Ripple stores it as binary")
        } else {
            throw error(element, "attribute \(entity).\(name) has an unknown attribute type '\(typeName)' (expected one of \(AttributeType.xcodeNames.joined(separator: ", ")))")
        }
        var a = AttributeDescription(name: name, type: mapping.type, isOptional: try flag(element, "optional"),
                                     isTransient: transient)
        a.details.element = elementDetails(element)
        if mapping.isStandIn {
            a.details.xcodeTypeName = typeName
            if typeName != "Undefined" {
                let range = mapping.range.map { ", range \(Int64($0.lowerBound))…\(Int64($0.upperBound)) checked as min/max" } ?? ""
                warn(element, "attribute \(entity).\(name): \(typeName) is stored as \(mapping.type.rawValue)\(range)")
            }
        }
        a.details.derivationExpression = element.attribute("derivationExpression")
        if try flag(element, "derived") {
            warn(element, "derived attribute \(entity).\(name) (\(a.details.derivationExpression ?? "")) is not computed: it loads as a plain attribute")
        }
        a.details.valueTransformerName = element.attribute("valueTransformerName")
        a.details.customClassName = element.attribute("customClassName")
        a.details.allowsExternalBinaryDataStorage = try flag(element, "allowsExternalBinaryDataStorage")
        a.details.isIndexed = try flag(element, "indexed")
        for (key, note) in Self.unsimulatedAttributeFlags where try flag(element, key) {
            warn(element, "attribute \(entity).\(name): \(key) is not simulated (\(note))")
        }
        // Bounds: numbers and dates as values, strings as lengths.
        let (low, high) = (element.attribute("minValueString"), element.attribute("maxValueString"))
        switch mapping.type {
        case .string where mapping.isStandIn == false:
            a.minLength = try low.map { try count($0, element, "minValueString") }
            a.maxLength = try high.map { try count($0, element, "maxValueString") }
        case .integer, .double:
            a.minValue = try low.map { try number($0, element, "minValueString") }
            a.maxValue = try high.map { try number($0, element, "maxValueString") }
        case .date:
            a.minValue = try element.attribute("minDateTimeInterval").map { try number($0, element, "minDateTimeInterval") + Self.referenceDate }
            a.maxValue = try element.attribute("maxDateTimeInterval").map { try number($0, element, "maxDateTimeInterval") + Self.referenceDate }
        default:
            if low != nil || high != nil { warn(element, "attribute \(entity).\(name): min/max of a \(typeName) attribute are not checked") }
        }
        if let range = mapping.range {
            a.minValue = max(a.minValue ?? range.lowerBound, range.lowerBound)
            a.maxValue = min(a.maxValue ?? range.upperBound, range.upperBound)
        }
        a.regularExpression = element.attribute("regularExpressionString")
        a.defaultValue = try defaultValue(element, type: mapping.type, typeName: typeName, key: "\(entity).\(name)")
        for child in element.children where child.name != "userInfo" {
            warn(child, "<\(child.name)> in attribute \(entity).\(name) is not something Ripple knows; ignored")
        }
        return a
    }

    private mutating func defaultValue(_ element: ModelXMLElement, type: AttributeType, typeName: String, key: String) throws -> Value? {
        if type == .date, let interval = element.attribute("defaultDateTimeInterval") {
            return .date(try number(interval, element, "defaultDateTimeInterval") + Self.referenceDate)
        }
        guard let text = element.attribute("defaultValueString") else { return nil }
        // Written as a chain rather than a switch over the types, so that a type added later falls to
        // the warning instead of breaking the build.
        if type == .string { return .string(text) }
        if type == .integer {
            guard let n = Int64(text) ?? Double(text).flatMap({ $0 == $0.rounded() ? Int64(exactly: $0) : nil }) else {
                throw error(element, "attribute \(key): the default value '\(text)' is not an integer")
            }
            return .integer(n)
        }
        if type == .double { return .double(try number(text, element, "defaultValueString")) }
        if type == .boolean {
            switch text.lowercased() {
            case "yes", "true", "1": return .bool(true)
            case "no", "false", "0": return .bool(false)
            default: throw error(element, "attribute \(key): the default value '\(text)' is not a Boolean (YES or NO)")
            }
        }
        if type == .uuid {
            guard let u = UUIDBytes(string: text) else { throw error(element, "attribute \(key): the default value '\(text)' is not a UUID") }
            return .uuid(u)
        }
        warn(element, "attribute \(key): the default value of a \(typeName) attribute is not read")
        return nil
    }

    private mutating func readRelationship(_ element: ModelXMLElement, entity: String) throws -> RelationshipDescription {
        checkAttributes(element, known: Self.relationshipAttributes, ignored: ["syncable"])
        let name = try required(element, "name")
        let destination = try required(element, "destinationEntity")
        let toMany = try flag(element, "toMany")
        var r = RelationshipDescription(name: name, destination: destination, inverse: element.attribute("inverseName"),
                                        isToMany: toMany, isOptional: try flag(element, "optional"))
        if let inverseEntity = element.attribute("inverseEntity"), inverseEntity != destination {
            throw error(element, "relationship \(entity).\(name): its inverse is on entity \(inverseEntity), not on its destination \(destination)")
        }
        if element.attribute("inverseEntity") != nil && r.inverseName == nil {
            throw error(element, "relationship \(entity).\(name) names an inverse entity without an inverse relationship (inverseName)")
        }
        switch element.attribute("deletionRule") ?? "Nullify" {
        case "Nullify": r.deleteRule = .nullify
        case "Cascade": r.deleteRule = .cascade
        case "Deny": r.deleteRule = .deny
        case "No Action": r.deleteRule = .noAction
        case let other: throw error(element, "relationship \(entity).\(name) has an unknown deletionRule '\(other)' (expected Nullify, Cascade, Deny or No Action)")
        }
        if toMany {
            // 0 (or a negative count, as some old files have) means no bound.
            r.minCount = try element.attribute("minCount").flatMap { try bound($0, element, "minCount") }
            r.maxCount = try element.attribute("maxCount").flatMap { try bound($0, element, "maxCount") }
        }
        r.details.element = elementDetails(element)
        r.details.isOrdered = try flag(element, "ordered")
        if r.details.isOrdered {
            warn(element, "relationship \(entity).\(name) is ordered: the order is not simulated yet; members keep insertion order")
        }
        if try flag(element, "transient") {
            warn(element, "relationship \(entity).\(name) is transient: Ripple saves it like any relationship")
        }
        for child in element.children where child.name != "userInfo" {
            warn(child, "<\(child.name)> in relationship \(entity).\(name) is not something Ripple knows; ignored")
        }
        return r
    }

    // MARK: - Fetch request templates

    private mutating func readTemplate(_ element: ModelXMLElement, model: ManagedObjectModel) throws -> (String, FetchRequest) {
        checkAttributes(element, known: Self.templateAttributes, ignored: [])
        let name = try required(element, "name")
        let entityName = try required(element, "entity")
        guard model.entity(named: entityName) != nil else {
            throw error(element, "fetch request template \(name) fetches an entity \(entityName) that the model does not have")
        }
        var request = FetchRequest(entityName: entityName)
        if let format = element.attribute("predicateString"), !format.isEmpty {
            do {
                request.predicate = try Predicate(format: format)
            } catch let e as ObjectGraphError {
                throw error(element, "fetch request template \(name): \(e.message)")
            }
        }
        request.fetchLimit = try element.attribute("fetchLimit").map { try count($0, element, "fetchLimit") } ?? 0
        request.fetchBatchSize = try element.attribute("fetchBatchSize").map { try count($0, element, "fetchBatchSize") } ?? 0
        if element.attribute("includeSubentities") != nil { request.includesSubentities = try flag(element, "includeSubentities") }
        if element.attribute("includesPendingChanges") != nil { request.includesPendingChanges = try flag(element, "includesPendingChanges") }
        switch element.attribute("resultType") ?? "0" {
        case "0": request.resultType = .managedObjectResultType
        case "1": request.resultType = .managedObjectIDResultType
        case "2": request.resultType = .dictionaryResultType
        case "4": request.resultType = .countResultType
        case let other: throw error(element, "fetch request template \(name) has an unknown resultType '\(other)' (expected 0, 1, 2 or 4)")
        }
        for key in ["returnObjectsAsFaults", "returnDistinctResults", "includePropertyValues"] where element.attribute(key) != nil {
            warn(element, "fetch request template \(name): \(key) is not simulated")
        }
        for child in element.children {
            warn(child, "<\(child.name)> in fetch request template \(name) is not something Ripple knows; ignored")
        }
        return (name, request)
    }

    // MARK: - Helpers

    /// Seconds from 1970 to Core Data's reference date (2001-01-01), which `…DateTimeInterval` count from.
    static let referenceDate = 978_307_200.0

    /// The root's attributes Xcode writes for its own use.
    static let toolingModelAttributes = ["name", "type", "documentVersion", "lastSavedToolsVersion", "systemVersion",
                                         "minimumToolsVersion", "sourceLanguage", "macOSVersion", "iOSVersion",
                                         "usedWithCloudKit", "usedWithSwiftData"]
    static let attributeAttributes = ["name", "optional", "transient", "attributeType", "defaultValueString",
                                      "defaultDateTimeInterval", "minValueString", "maxValueString",
                                      "minDateTimeInterval", "maxDateTimeInterval", "regularExpressionString",
                                      "derived", "derivationExpression", "valueTransformerName", "customClassName",
                                      "allowsExternalBinaryDataStorage", "indexed", "elementID", "renamingIdentifier",
                                      "versionHashModifier"] + unsimulatedAttributeFlags.map(\.0)
    /// Attribute flags Ripple reads and warns about.
    static let unsimulatedAttributeFlags = [
        ("spotlightIndexingEnabled", "there is no Spotlight index"),
        ("storedInTruthFile", "there is no truth file"),
        ("preserveAfterDeletion", "persistent history keeps no tombstones"),
        ("allowsCloudEncryption", "there is no CloudKit"),
    ]
    static let relationshipAttributes = ["name", "optional", "toMany", "minCount", "maxCount", "deletionRule",
                                         "destinationEntity", "inverseName", "inverseEntity", "ordered", "transient",
                                         "elementID", "renamingIdentifier", "versionHashModifier"]
    static let templateAttributes = ["name", "entity", "predicateString", "fetchLimit", "fetchBatchSize", "resultType",
                                     "includeSubentities", "includesPendingChanges", "returnObjectsAsFaults",
                                     "returnDistinctResults", "includePropertyValues"]

    func error(_ element: ModelXMLElement, _ message: String) -> ObjectGraphError {
        ObjectGraphError(.invalidModel, "\(file):\(element.line): \(message)")
    }

    mutating func warn(_ element: ModelXMLElement, _ message: String) {
        warnings.append("\(file):\(element.line): \(message)")
    }

    /// Warns about attributes neither known nor ignored.
    mutating func checkAttributes(_ element: ModelXMLElement, known: [String], ignored: [String]) {
        for (name, _) in element.attributes where !known.contains(name) && !ignored.contains(name) {
            warn(element, "attribute \(name) of <\(element.name)> is not something Ripple knows; ignored")
        }
    }

    func required(_ element: ModelXMLElement, _ name: String) throws -> String {
        guard let value = element.attribute(name), !value.isEmpty else {
            throw error(element, "<\(element.name)> has no \(name)")
        }
        return value
    }

    func flag(_ element: ModelXMLElement, _ name: String) throws -> Bool {
        switch element.attribute(name) {
        case nil, "NO"?: return false
        case "YES"?: return true
        case let other?: throw error(element, "\(name)=\"\(other)\" of <\(element.name)> must be YES or NO")
        }
    }

    func number(_ text: String, _ element: ModelXMLElement, _ name: String) throws -> Double {
        guard let n = Double(text), n.isFinite else { throw error(element, "\(name)=\"\(text)\" is not a number") }
        return n
    }

    func count(_ text: String, _ element: ModelXMLElement, _ name: String) throws -> Int {
        guard let n = Int(text), n >= 0 else { throw error(element, "\(name)=\"\(text)\" is not a non-negative integer") }
        return n
    }

    /// The children of a block element that are of the expected kind; others are warned about.
    mutating func expectChildren(_ element: ModelXMLElement, named expected: String, in entity: String) -> [ModelXMLElement] {
        var result: [ModelXMLElement] = []
        for child in element.children {
            if child.name == expected { result.append(child) } else {
                warn(child, "<\(child.name)> in <\(element.name)> of entity \(entity) is not something Ripple knows; ignored")
            }
        }
        return result
    }

    /// A relationship count: nil for 0 or less (no bound).
    func bound(_ text: String, _ element: ModelXMLElement, _ name: String) throws -> Int? {
        guard let n = Int(text) else { throw error(element, "\(name)=\"\(text)\" is not an integer") }
        return n > 0 ? n : nil
    }

    mutating func elementDetails(_ element: ModelXMLElement) -> ModelElementDetails {
        var details = ModelElementDetails()
        details.elementID = element.attribute("elementID")
        details.renamingIdentifier = element.attribute("renamingIdentifier")
        details.versionHashModifier = element.attribute("versionHashModifier")
        for info in element.children where info.name == "userInfo" {
            for entry in info.children {
                guard entry.name == "entry" else {
                    warn(entry, "<\(entry.name)> in <userInfo> is not something Ripple knows; ignored")
                    continue
                }
                details.userInfo.append((entry.attribute("key") ?? "", entry.attribute("value") ?? ""))
            }
        }
        return details
    }
}
