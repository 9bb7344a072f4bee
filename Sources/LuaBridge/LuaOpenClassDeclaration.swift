/// A declared class (``LuaClassDeclaration``) whose objects take open fields (``LuaOpenFields``), and which
/// may extend another such class: a subclass has its parent's properties and methods (a property of its own
/// with a parent's name replaces it in the same slot), their arguments and values checked as the parent
/// declares them (a method's receiver must be an object of the class itself, as for every ``LuaClass``), and
/// its annotations say `---@class Sub : Parent` and list only its own members and conventions.
///
/// Writing an undeclared key that names a method is refused (`cannot replace the method 'x' of Name`);
/// any other undeclared key goes to the open fields.
///
/// ```swift
/// let base = LuaOpenClassDeclaration(noteDeclaration, openFields: fields)
/// let checklist = LuaOpenClassDeclaration(checklistDeclaration, extending: base, openFields: checklistFields)
/// state.push(object: Checklist(), class: checklist.makeClass())
/// ```
/// Like class declarations, open ones are immutable and their closures run on the thread of the Lua state
/// that calls them (hence `@unchecked Sendable`).
public struct LuaOpenClassDeclaration: LuaClassDescribing, @unchecked Sendable {
    /// One property, its accessors taking any object of the class or a subclass.
    struct Property {
        let name: String
        let get: (AnyObject, LuaState) throws -> Void
        let set: ((AnyObject, LuaState, Int32) throws -> Void)?
    }

    /// The class name.
    public let name: String
    /// The parent class in the annotations: `userdata`, or the class this one extends.
    public let parent: String
    /// Every property, the parent's first, in slot order.
    let properties: [Property]
    /// Every method (the parent's too).
    let methodBodies: [String: LuaState.Body]
    let read: (AnyObject, String, LuaState) throws -> Void
    let write: (AnyObject, String, LuaState, Int32) throws -> Void
    let describe: ((AnyObject) -> String)?
    let metamethods: [String: LuaState.Body]
    /// The class's LuaLS annotations: its own members and conventions, its parent after the colon.
    public let annotations: String
    /// `Name.property` and `Name:method` for the class's own members (the parent's are the parent's).
    public let memberNames: [String]

    /// A class with open fields and no parent.
    /// - Parameters:
    ///   - declaration: Its properties, methods and `__tostring`.
    ///   - openFields: What undeclared keys do.
    public init<Object: AnyObject>(_ declaration: LuaClassDeclaration<Object>, openFields: LuaOpenFields<Object>) {
        self.init(declaration, parent: nil, openFields: openFields)
    }

    /// A class with open fields that extends `parent`; its objects must be objects of the parent's Swift class.
    /// - Parameters:
    ///   - declaration: Its own properties and methods, and its `__tostring` (the parent's when nil).
    ///   - parent: The class it extends.
    ///   - openFields: What undeclared keys do (they replace the parent's handling).
    public init<Object: AnyObject>(_ declaration: LuaClassDeclaration<Object>, extending parent: LuaOpenClassDeclaration,
                                   openFields: LuaOpenFields<Object>) {
        self.init(declaration, parent: parent, openFields: openFields)
    }

    private init<Object: AnyObject>(_ declaration: LuaClassDeclaration<Object>, parent: LuaOpenClassDeclaration?,
                                    openFields: LuaOpenFields<Object>) {
        name = declaration.name
        self.parent = parent?.name ?? "userdata"
        var properties = parent?.properties ?? []
        for property in declaration.properties {
            let get = property.get
            let own = Property(name: property.name, get: { object, state in try get(object as! Object, state) },
                               set: property.set.map { set in { object, state, index in try set(object as! Object, state, index) } })
            if let slot = properties.firstIndex(where: { $0.name == property.name }) {
                properties[slot] = own
            } else {
                properties.append(own)
            }
        }
        self.properties = properties
        methodBodies = (parent?.methodBodies ?? [:]).merging(declaration.checkedMethodBodies) { _, own in own }
        let read = openFields.read, write = openFields.write
        self.read = { object, key, state in try read(object as! Object, key, state) }
        self.write = { object, key, state, index in try write(object as! Object, key, state, index) }
        describe = declaration.describe.map { describe in { describe($0 as! Object) } } ?? parent?.describe
        metamethods = (parent?.metamethods ?? [:]).merging(declaration.metamethods) { _, own in own }
        annotations = Self.annotations(of: declaration, parent: self.parent, conventions: openFields.conventions,
                                       anyKey: openFields.anyKey)
        memberNames = declaration.memberNames
    }

    /// The property names, the parent's first, in slot order.
    public var propertyNames: [String] { properties.map(\.name) }
    /// The names of the properties a script may set, in slot order.
    public var settablePropertyNames: [String] { properties.filter { $0.set != nil }.map(\.name) }
    /// The method names, the parent's too, sorted.
    public var methodNames: [String] { methodBodies.keys.sorted() }

    /// Stores the value at `valueIndex` into the property `name` of `object`, with the checks and refusals of
    /// an assignment from Lua (for constructors that take properties as options).
    public func set(_ name: String, of object: AnyObject, state: LuaState, valueIndex: Int32) throws {
        guard let property = properties.first(where: { $0.name == name }) else {
            throw LuaError(.runtime, "attempt to set unknown key '\(name)' on \(self.name)")
        }
        guard let set = property.set else {
            throw LuaError(.runtime, "attempt to set read-only property '\(name)' of \(self.name)")
        }
        try set(object, state, valueIndex)
    }

    /// The class as Lua sees it: properties in slots, methods, and the open fields behind every other key.
    public func makeClass() -> LuaClass {
        let name = self.name
        let properties = self.properties
        let methodNames = Set(methodBodies.keys)
        let read = self.read, write = self.write
        let cls = LuaClass(
            name: name,
            properties: properties.map(\.name),
            methods: methodBodies,
            getter: { target, slot, state in try properties[slot].get(target, state) },
            setter: { target, slot, state, valueIndex in
                let property = properties[slot]
                guard let set = property.set else {
                    throw LuaError(.runtime, "attempt to set read-only property '\(property.name)' of \(name)")
                }
                try set(target, state, valueIndex)
            },
            index: { target, key, state in
                try read(target, key, state)
                return true
            },
            newIndex: { target, key, state, valueIndex in
                if methodNames.contains(key) {
                    throw LuaError(.runtime, "cannot replace the method '\(key)' of \(name)")
                }
                try write(target, key, state, valueIndex)
                return true
            },
            tostring: describe)
        cls.metamethods = metamethods
        return cls
    }

    /// The declaration's annotations with `parent` after the colon, the conventions as optional fields
    /// after the properties, then the annotation of any other key.
    static func annotations<Object>(of declaration: LuaClassDeclaration<Object>, parent: String,
                                    conventions: [LuaOpenFields<Object>.Convention],
                                    anyKey: LuaOpenFields<Object>.AnyKey?) -> String {
        var lines = declaration.annotations.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let header = lines.firstIndex(of: "---@class \(declaration.name) : userdata") {
            lines[header] = "---@class \(declaration.name) : \(parent)"
        }
        if let local = lines.firstIndex(of: "local \(declaration.name) = {}") {
            lines.insert(contentsOf: conventions.map { convention in
                "---@field \(convention.name)? \(convention.type)" + (convention.doc.isEmpty ? "" : " " + convention.doc)
            } + (anyKey.map { ["---@field [string] \($0.type) \($0.doc)"] } ?? []), at: local)
        }
        return lines.joined(separator: "\n")
    }
}
