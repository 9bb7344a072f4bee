/// The properties a class of objects takes from a model rather than from its declaration: one slot per key of
/// the model (an entity's attributes and relationships), placed before the declaration's fixed properties, with
/// the class name the model gives. A ``LuaClassDeclaration`` declares the members every object of the kind has
/// (`isDeleted`, `changedValues()`); ``LuaClassDeclaration/makeClass(modelSlots:)`` adds these slots to them, so
/// that one declaration serves every model.
///
/// The model's slots keep every fast path of ``LuaClass``: their reads and writes go from the C metamethods to
/// ``get``/``set`` (or to the scalar entries and the read cache) exactly as for a class made by hand: no
/// declared accessor, no further closure and no lookup lies on their path. Keys that are neither a model slot
/// nor a declared member go to ``index``/``newIndex``.
///
/// ```swift
/// let slots = LuaModelSlots<Record>(
///     className: "Customer", names: ["name", "age"],
///     get: { record, slot, state in state.push(values(of: record)[slot]) },
///     set: { record, slot, state, index in try store(record, slot, state, index) })
/// state.push(object: record, class: recordDeclaration.makeClass(modelSlots: slots))
/// ```
public struct LuaModelSlots<Object: AnyObject> {
    /// The class name (the metatable's `__name`): the model's name for the kind (an entity name).
    public let className: String
    /// The model's keys, in slot order.
    public let names: [String]
    /// Pushes model slot `slot` (below `names.count`) of an object of the class.
    public let get: LuaClass.Getter
    /// Stores into model slot `slot`.
    public let set: LuaClass.Setter
    /// Reads a key that is neither a model slot nor a declared member (see ``LuaClass/IndexFallback``).
    public let index: LuaClass.IndexFallback?
    /// Writes a key that is neither a model slot nor a declared property (see ``LuaClass/NewIndexFallback``).
    public let newIndex: LuaClass.NewIndexFallback?
    /// The scalar fast path of reads of model slots.
    public let scalarGetter: LuaClass.ScalarGetter?
    /// The scalar fast path of writes of model slots.
    public let scalarSetter: LuaClass.ScalarSetter?
    /// The read cache of model slots.
    public let readCache: LuaClass.ReadCache?
    /// The C entries of scalar reads and writes of model slots (indexes for the model slots only).
    public let directScalarAccess: LuaClass.DirectScalarAccess?

    /// Describes the model's slots of a class.
    /// - Parameters:
    ///   - className: The class name.
    ///   - names: The model's keys, in slot order.
    ///   - get: Pushes a model slot.
    ///   - set: Stores into a model slot.
    ///   - index: Reads other keys.
    ///   - newIndex: Writes other keys.
    ///   - scalarGetter: Scalar reads of model slots.
    ///   - scalarSetter: Scalar writes of model slots.
    ///   - readCache: The read cache of model slots.
    ///   - directScalarAccess: The C entries of model slots.
    public init(className: String, names: [String], get: @escaping LuaClass.Getter, set: @escaping LuaClass.Setter,
                index: LuaClass.IndexFallback? = nil, newIndex: LuaClass.NewIndexFallback? = nil,
                scalarGetter: LuaClass.ScalarGetter? = nil, scalarSetter: LuaClass.ScalarSetter? = nil,
                readCache: LuaClass.ReadCache? = nil, directScalarAccess: LuaClass.DirectScalarAccess? = nil) {
        self.className = className
        self.names = names
        self.get = get
        self.set = set
        self.index = index
        self.newIndex = newIndex
        self.scalarGetter = scalarGetter
        self.scalarSetter = scalarSetter
        self.readCache = readCache
        self.directScalarAccess = directScalarAccess
    }
}

extension LuaClassDeclaration {
    /// The class of one model's objects: the model's slots first (``LuaModelSlots``), then the declared
    /// properties, the declared methods (their arguments checked as declared), `__tostring` and metamethods.
    ///
    /// Only objects of `Object` may be pushed with the class (the C metamethods check that an accessed userdata
    /// was pushed with it, so a declared property reads its object without a cast check). A declared property
    /// is refused on write as in every declared class (`attempt to set read-only property 'isDeleted' of
    /// Customer`); a method's receiver must be an object of this very class.
    /// - Parameter modelSlots: The model's slots and the class name.
    public func makeClass(modelSlots: LuaModelSlots<Object>) -> LuaClass {
        let name = modelSlots.className
        let properties = self.properties
        let start = modelSlots.names.count
        // The accessors alone: a read takes one closure from the array, not a whole declaration (whose names
        // and closures a copy would retain).
        let getters = properties.map(\.get)
        let cls = LuaClass(
            name: name,
            properties: modelSlots.names + properties.map(\.name),
            methods: checkedMethodBodies,
            getter: modelSlots.get,
            setter: modelSlots.set,
            fixedSlotStart: start,
            fixedGetter: { target, slot, state in
                try getters[slot - start](unsafeDowncast(target, to: Object.self), state)
            },
            fixedSetter: { target, slot, state, valueIndex in
                let property = properties[slot - start]
                guard let set = property.set else {
                    throw LuaError(.runtime, "attempt to set read-only property '\(property.name)' of \(name)")
                }
                try set(unsafeDowncast(target, to: Object.self), state, valueIndex)
            },
            index: modelSlots.index,
            newIndex: modelSlots.newIndex,
            tostring: describe.map { describe in { describe(unsafeDowncast($0, to: Object.self)) } },
            scalarGetter: modelSlots.scalarGetter,
            scalarSetter: modelSlots.scalarSetter,
            readCache: modelSlots.readCache)
        cls.directScalarAccess = modelSlots.directScalarAccess
        cls.metamethods = metamethods
        return cls
    }
}
