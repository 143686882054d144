import type { ICredentialType, INodeProperties } from 'n8n-workflow';

// Tested by the node (methods.credentialTest.publisherApiTest): one authenticated read
// through the client, which sends the key as a session cookie.
export class PublisherApi implements ICredentialType {
  name = 'publisherApi';

  displayName = 'Publisher API';

  documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-publisher#credentials-publisherapi';

  icon = { light: 'file:../icons/publisher.svg', dark: 'file:../icons/publisher.dark.svg' } as const;

  properties: INodeProperties[] = [
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      required: true,
      default: '',
      description: 'The session cookie value of your account (e.g. s%3A…)',
    },
    {
      displayName: 'Hostname',
      name: 'hostname',
      type: 'string',
      required: true,
      default: '',
      placeholder: 'example.substack.com',
      description: 'Your publication’s host; a pasted URL is reduced to its host',
    },
    {
      displayName: 'Cookie Name',
      name: 'cookieName',
      type: 'options',
      default: 'connect.sid',
      description: 'Which session cookie carries the key',
      options: [
        { name: 'Both', value: 'both', description: 'The same value under both names' },
        { name: 'connect.sid', value: 'connect.sid' },
        { name: 'substack.sid', value: 'substack.sid' },
      ],
    },
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: '',
      placeholder: 'http://127.0.0.1:8787',
      description: 'Optional: send every request to this origin instead, e.g. the bundled local service',
    },
  ];
}
