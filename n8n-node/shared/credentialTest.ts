// The credential test: one cheap authenticated read through the client (the ids of the
// users the account follows). It runs outside any workflow, so HTTP goes through the
// runtime's fetch.
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { createClient, PublisherError, readCredentials } from './client';

export async function testCredentials(data: Record<string, unknown>): Promise<INodeCredentialTestResult> {
  const credentials = readCredentials(data);
  if (!credentials.apiKey) return { status: 'Error', message: 'The API key is empty' };
  let client;
  try {
    client = createClient(credentials);
    await client.getFollowingIds();
    return { status: 'OK', message: 'Connection successful' };
  } catch (error) {
    if (error instanceof PublisherError && (error.status === 401 || error.status === 403)) {
      return { status: 'Error', message: `The service refused the API key (HTTP ${error.status}): check the key and the cookie name` };
    }
    return { status: 'Error', message: error instanceof Error ? error.message : String(error) };
  } finally {
    client?.free();
  }
}

/** The `methods` of every node with the Publisher credential: its test, named by `testedBy`. */
export const credentialTestMethods = {
  credentialTest: {
    async publisherApiTest(
      this: ICredentialTestFunctions,
      credential: ICredentialsDecrypted,
    ): Promise<INodeCredentialTestResult> {
      return await testCredentials(credential.data ?? {});
    },
  },
};
