// What one resource operation of the node is: its entry in the Operation list, the client
// methods it calls, its parameters and its execute. One file per operation holds one.
import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';
import type { Publisher } from '../../../shared/client';
import type { ParameterContext } from '../parameters';

export type ResourceName = 'post' | 'note' | 'profile' | 'comment' | 'draft';

/**
 * A parameter of one operation; description.ts shows it for that operation only. Its own
 * `displayOptions`, if any, add conditions of that operation's other parameters or of the
 * node version (`returnAll`, `output`, `@version`); description.ts adds the resource and
 * the operation.
 */
export type OperationProperty = Omit<INodeProperties, 'displayOptions'> & {
  displayOptions?: Pick<IDisplayOptions, 'show'>;
};

/** A binary field of the input item: its bytes and the file name n8n keeps with them. */
export interface BinaryFile {
  bytes: Uint8Array;
  fileName: string | undefined;
}

/** The item being run: its index (for errors), and its binary fields' bytes. */
export interface ItemContext {
  itemIndex: number;
  loadImage: (binaryField: string) => Promise<Uint8Array>;
  /** The binary field's bytes and file name; a missing field fails the item, naming it. */
  loadFile: (binaryField: string) => Promise<BinaryFile>;
}

export interface NodeOperation {
  resource: ResourceName;
  /** The operation's value, saved in workflows: it names the file, resources/<resource>/<value>.ts. */
  value: string;
  /** The Operation list's option. */
  name: string;
  action: string;
  description: string;
  /** Every `Publisher` method it calls (`note` is the builder factory). */
  clientMethods: ReadonlyArray<keyof Publisher>;
  /** Its parameters, in the order the editor shows them. */
  properties: OperationProperty[];
  /** Reads and checks the item's parameters, then calls the client: the output records. */
  execute: (client: Publisher, ctx: ParameterContext, item: ItemContext) => Promise<IDataObject[]>;
}
